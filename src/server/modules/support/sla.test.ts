import { describe, expect, test } from "vitest";
import { activeMs, clockAfterStatus, slaOf, type SlaClockState } from "./sla";

const HOUR = 3_600_000;
const targets = { firstResponseMinutes: 60, resolutionMinutes: 8 * 60 };
const at = (hours: number) => new Date(Date.UTC(2026, 0, 5, 9) + hours * HOUR);

/** A controllable clock: the ticket is walked through its statuses at chosen hours. */
function walk(steps: [number, SlaClockState["status"]][]) {
  let state: SlaClockState = {
    priority: "urgent",
    status: "open",
    createdAt: at(0),
    firstRespondedAt: null,
    pausedSince: null,
    pausedMs: 0,
  };
  for (const [hours, status] of steps) {
    state = { ...state, status, ...clockAfterStatus(state, status, at(hours)) };
    if (status === "waiting_on_client" && !state.firstRespondedAt) state.firstRespondedAt = at(hours);
  }
  return state;
}

describe("the SLA clocks", () => {
  test("the first response is due an hour in; answered late, it stays breached", () => {
    const fresh = walk([]);
    expect(slaOf(fresh, targets, at(0.5))).toMatchObject({ breached: false, msLeft: 0.5 * HOUR, paused: false });
    expect(slaOf(fresh, targets, at(2)).breached).toBe(true);
    const late = walk([[2, "waiting_on_client"]]);
    expect(slaOf(late, targets, at(2)).breached).toBe(true);
    expect(slaOf(walk([[0.5, "waiting_on_client"]]), targets, at(3)).breached).toBe(false);
  });

  test("the resolution clock stands still while waiting on the client, and runs again after", () => {
    // Open 1 h, waiting on the client 10 h, waiting on the agency again: 1 h used at the return.
    const state = walk([
      [1, "waiting_on_client"],
      [11, "waiting_on_agency"],
    ]);
    expect(state.pausedMs).toBe(10 * HOUR);
    expect(activeMs(state, at(11))).toBe(1 * HOUR);
    expect(slaOf(state, targets, at(14))).toMatchObject({ breached: false, msLeft: 4 * HOUR, paused: false });
    expect(slaOf(state, targets, at(18.5)).breached).toBe(true);
  });

  test("while paused, time passes without using the target; a second pause adds up", () => {
    const paused = walk([[1, "waiting_on_client"]]);
    expect(slaOf(paused, targets, at(100))).toMatchObject({
      paused: true,
      breached: false,
      msLeft: null,
      resolutionDueAt: null,
    });
    const twice = walk([
      [1, "waiting_on_client"],
      [3, "waiting_on_agency"],
      [4, "waiting_on_client"],
      [10, "open"],
    ]);
    expect(twice.pausedMs).toBe(8 * HOUR);
    expect(activeMs(twice, at(12))).toBe(4 * HOUR);
  });

  test("resolving stops the clock; reopening resumes it where it stopped", () => {
    const resolved = walk([
      [1, "waiting_on_client"],
      [2, "waiting_on_agency"],
      [3, "resolved"],
    ]);
    expect(activeMs(resolved, at(200))).toBe(2 * HOUR);
    const reopened = walk([
      [1, "waiting_on_client"],
      [2, "waiting_on_agency"],
      [3, "resolved"],
      [50, "waiting_on_agency"],
    ]);
    expect(activeMs(reopened, at(51))).toBe(3 * HOUR);
  });
});
