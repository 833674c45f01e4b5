// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { ClientHoursPanel } from "./client-hours-panel";
import type { TStaffHoursResponse, TStaffTimeEntry } from "../../../../shared/hours";

const COMPANY = "7c7c7c7c-0000-4000-8000-000000000040";
const entry = (id: string, description: string, locked: boolean): TStaffTimeEntry => ({
  id,
  day: "2026-11-20",
  minutes: 90,
  description,
  billable: true,
  by: "Sam Staff",
  ticket: null,
  planItem: null,
  extraMinutes: 0,
  approval: null,
  locked,
  internalNote: "Checked the logs first",
  userId: null,
});
const OPEN = entry("7c7c7c7c-0000-4000-8000-000000000041", "Fixed the invoice sync", false);
const LOCKED = entry("7c7c7c7c-0000-4000-8000-000000000042", "Set up the reminders", true);
const HOURS: TStaffHoursResponse = {
  hours: {
    periodStart: "2026-11-01T00:00:00.000Z",
    periodEnd: "2026-12-01T00:00:00.000Z",
    firstDay: "2026-11-01",
    lastDay: "2026-11-30",
    subscribed: true,
    currency: "EUR",
    terms: {
      includedMinutes: 600,
      overageRateMinor: 9500,
      hoursRollover: false,
      rolloverCapMinutes: 0,
      overageNeedsApproval: false,
    },
    includedMinutes: 600,
    rolledOverMinutes: 0,
    usedMinutes: 180,
    leftMinutes: 420,
    awaitingMinutes: 0,
    approvedMinutes: 0,
    declinedMinutes: 0,
    overageMinutes: 0,
    overageMinor: 0,
    burnDown: [{ day: "2026-11-20", leftMinutes: 420 }],
  },
  source: "plan",
  entries: [OPEN, LOCKED],
};

describe("a client's hours on the Billing tab (staff)", () => {
  it("corrects an open entry, and says why an invoiced one cannot change", async () => {
    const calls = fakeApi({
      getClientHours: { body: HOURS },
      updateTimeEntry: { body: { entry: { ...OPEN, minutes: 120 } } },
    });
    renderScreen([{ path: "/", element: <ClientHoursPanel companyId={COMPANY} /> }], { at: "/" });
    const user = userEvent.setup();
    const locked = (await screen.findByText("Set up the reminders")).closest("tr")!;
    expect(within(locked).getByText("Invoiced: locked")).toBeVisible();
    expect(within(locked).queryByRole("button", { name: /Edit entry/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: /^Edit entry: 1h 30m on .*, Fixed the invoice sync$/ }));
    const form = await screen.findByRole("form", { name: /Edit the entry of/ });
    const duration = within(form).getByRole("textbox", { name: "Duration" });
    expect(duration).toHaveValue("1h 30m");
    await user.clear(duration);
    await user.type(duration, "2h");
    await user.click(within(form).getByRole("button", { name: "Save entry" }));
    expect(await screen.findByText("The entry is corrected.")).toBeVisible();
    expect(calls.find((c) => c.operationId === "updateTimeEntry")).toMatchObject({
      params: { id: OPEN.id },
      body: {
        day: "2026-11-20",
        duration: "2h",
        description: "Fixed the invoice sync",
        internalNote: "Checked the logs first",
        billable: true,
      },
    });
    expect(screen.queryByRole("form", { name: /Edit the entry of/ })).toBeNull();
  });
});
