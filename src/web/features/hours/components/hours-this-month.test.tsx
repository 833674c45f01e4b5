// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { HoursThisMonth } from "./hours-this-month";
import type { TGetHoursResponse, TTimeEntry } from "../../../../shared/hours";

const ENTRY: TTimeEntry = {
  id: "7c7c7c7c-0000-4000-8000-000000000010",
  day: "2026-11-20",
  minutes: 270,
  description: "Rebuilt the invoice sync",
  billable: true,
  by: "Sam Staff",
  ticket: { id: "7c7c7c7c-0000-4000-8000-000000000011", subject: "Sync fails" },
  planItem: null,
  extraMinutes: 210,
  approval: "awaiting",
  locked: false,
};
const hours = (awaiting: number, approval: TTimeEntry["approval"]): TGetHoursResponse => ({
  hours: {
    periodStart: "2026-11-01T00:00:00.000Z",
    periodEnd: "2026-12-01T00:00:00.000Z",
    firstDay: "2026-11-01",
    lastDay: "2026-11-30",
    subscribed: true,
    currency: "EUR",
    terms: {
      includedMinutes: 60,
      overageRateMinor: 9500,
      hoursRollover: false,
      rolloverCapMinutes: 0,
      overageNeedsApproval: true,
    },
    includedMinutes: 60,
    rolledOverMinutes: 0,
    usedMinutes: 270,
    leftMinutes: 0,
    awaitingMinutes: awaiting,
    approvedMinutes: 210 - awaiting,
    declinedMinutes: 0,
    overageMinutes: 210 - awaiting,
    overageMinor: Math.round(((210 - awaiting) * 9500) / 60),
    burnDown: [
      { day: "2026-11-19", leftMinutes: 60 },
      { day: "2026-11-20", leftMinutes: -210 },
    ],
  },
  entries: [{ ...ENTRY, approval }],
});

describe("Hours this month", () => {
  it("shows the figures, the burn-down and the entries, and the owner approves the extra work shown", async () => {
    let decided = false;
    const calls = fakeApi({
      getHours: () => ({ body: decided ? hours(0, "approved") : hours(210, "awaiting") }),
      decideExtraHours: () => {
        decided = true;
        return { body: hours(0, "approved") };
      },
    });
    renderScreen([{ path: "/", element: <HoursThisMonth canDecide /> }], { at: "/" });
    expect(await screen.findByRole("heading", { name: "Hours this month" })).toBeVisible();
    expect(screen.getByRole("img", { name: /Hours left by day, from 1h/ })).toBeVisible();
    const entries = screen.getByRole("region", { name: "Time logged this month" });
    expect(within(entries).getByText("Rebuilt the invoice sync")).toBeVisible();
    expect(within(entries).getByText("Ticket: Sync fails")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Approve 3h 30m of extra work" }));
    expect(
      await screen.findByText("Extra hours so far: 3h 30m, €332.50 on the invoice at the end of the period."),
    ).toBeVisible();
    expect(calls.find((c) => c.operationId === "decideExtraHours")?.body).toEqual({
      decision: "approve",
      confirmedMinutes: 210,
    });
    expect(screen.queryByRole("button", { name: /Approve/ })).toBeNull();
  });

  it("a member reads that only the owner decides", async () => {
    fakeApi({ getHours: { body: hours(210, "awaiting") } });
    renderScreen([{ path: "/", element: <HoursThisMonth canDecide={false} /> }], { at: "/" });
    expect(await screen.findByText("Only your company's owner can approve or decline it.")).toBeVisible();
    expect(screen.queryByRole("button", { name: /Approve/ })).toBeNull();
  });
});
