// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { HoursTermsForm } from "./hours-terms-form";
import type { TStaffHoursResponse } from "../../../../shared/hours";

const COMPANY = "7c7c7c7c-0000-4000-8000-000000000030";
const TERMS = {
  includedMinutes: 600,
  overageRateMinor: 9500,
  hoursRollover: true,
  rolloverCapMinutes: 300,
  overageNeedsApproval: false,
};
const answer = (source: TStaffHoursResponse["source"]): TStaffHoursResponse => ({
  hours: {
    periodStart: "2026-11-01T00:00:00.000Z",
    periodEnd: "2026-12-01T00:00:00.000Z",
    firstDay: "2026-11-01",
    lastDay: "2026-11-30",
    subscribed: true,
    currency: "EUR",
    terms: TERMS,
    includedMinutes: 600,
    rolledOverMinutes: 0,
    usedMinutes: 0,
    leftMinutes: 600,
    overageMinutes: 0,
    awaitingMinutes: 0,
    approvedMinutes: 0,
    declinedMinutes: 0,
    overageMinor: 0,
    burnDown: [],
  },
  source,
  entries: [],
});

describe("a client's hours terms, edited by staff", () => {
  it("saves the client's own terms from what staff typed", async () => {
    const calls = fakeApi({ setClientHoursTerms: { body: answer("override") } });
    renderScreen(
      [{ path: "/", element: <HoursTermsForm companyId={COMPANY} terms={TERMS} currency="EUR" ownTerms={false} /> }],
      { at: "/" },
    );
    const user = userEvent.setup();
    const included = await screen.findByRole("textbox", { name: "Included each month" });
    expect(included).toHaveValue("10h");
    await user.clear(included);
    await user.type(included, "15h");
    const rate = screen.getByRole("textbox", { name: "Extra time per hour (EUR)" });
    await user.clear(rate);
    await user.type(rate, "110");
    await user.click(screen.getByRole("checkbox", { name: "Extra time waits for the owner's approval" }));
    expect(screen.queryByRole("button", { name: "Use the plan's terms" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save the client's terms" }));
    expect(await screen.findByText("The client's hours terms are saved.")).toBeVisible();
    expect(calls.find((c) => c.operationId === "setClientHoursTerms")?.body).toEqual({
      override: {
        includedMinutes: 900,
        overageRateMinor: 11000,
        hoursRollover: true,
        rolloverCapMinutes: 300,
        overageNeedsApproval: true,
      },
    });
  });

  it("refuses a rate that is not an amount, and puts a client back on its plan's terms", async () => {
    const calls = fakeApi({ setClientHoursTerms: { body: answer("plan") } });
    renderScreen(
      [{ path: "/", element: <HoursTermsForm companyId={COMPANY} terms={TERMS} currency="EUR" ownTerms /> }],
      { at: "/" },
    );
    const user = userEvent.setup();
    const rate = await screen.findByRole("textbox", { name: /Extra time per hour/ });
    await user.clear(rate);
    await user.type(rate, "lots");
    await user.click(screen.getByRole("button", { name: "Save the client's terms" }));
    expect(await screen.findByText("Enter the rate per hour in EUR, e.g. 95.00")).toBeVisible();
    expect(calls.filter((c) => c.operationId === "setClientHoursTerms")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Use the plan's terms" }));
    expect(await screen.findByText("The client follows its plan's terms again.")).toBeVisible();
    expect(calls.find((c) => c.operationId === "setClientHoursTerms")?.body).toEqual({ override: null });
  });
});
