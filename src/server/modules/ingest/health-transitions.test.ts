import { describe, expect, test } from "vitest";
import { healthTransitions, mayTouchIncident, type HealthState, type InsertedRun } from "./health-transitions";
import type { RunStatus } from "../../../shared/automations";

const now = new Date("2026-03-10T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const run = (status: RunStatus, startedMinutesAgo: number, errorMessage: string | null = null): InsertedRun => ({
  status,
  startedAt: minutesAgo(startedMinutesAgo),
  minutesSaved: 0,
  itemsProcessed: 0,
  errorMessage,
});
const live: HealthState = {
  status: "live",
  consecutiveFailures: 0,
  failureThreshold: 3,
  expectedEveryMinutes: 60,
  lastRunAt: minutesAgo(90),
  lastRunStatus: "success",
  staleSince: minutesAgo(30),
};

describe("incidents", () => {
  test("the failure that reaches the threshold opens one incident, with its error", () => {
    const { transitions, update } = healthTransitions(
      live,
      false,
      [run("failed", 5, "A"), run("failed", 4, "B"), run("failed", 3, "C"), run("failed", 2, "D")],
      now,
    );
    expect(transitions).toEqual([{ kind: "open", failures: 3, lastError: "C" }]);
    expect(update.consecutiveFailures).toBe(4);
  });

  test("earlier failures count toward the threshold", () => {
    const { transitions } = healthTransitions(
      { ...live, consecutiveFailures: 2 },
      false,
      [run("failed", 1, "late")],
      now,
    );
    expect(transitions).toEqual([{ kind: "open", failures: 3, lastError: "late" }]);
  });

  test("a success closes the open incident and resets the count; skipped runs change nothing", () => {
    const { transitions, update } = healthTransitions(
      { ...live, consecutiveFailures: 3 },
      true,
      [run("skipped", 3), run("success", 2), run("success", 1)],
      now,
    );
    expect(transitions).toEqual([{ kind: "close" }]);
    expect(update.consecutiveFailures).toBe(0);
  });

  test("runs apply in the order they started, not the order they arrived", () => {
    const { transitions, update } = healthTransitions(
      { ...live, consecutiveFailures: 2 },
      false,
      [run("success", 1), run("failed", 2, "X")],
      now,
    );
    expect(transitions).toEqual([{ kind: "open", failures: 3, lastError: "X" }, { kind: "close" }]);
    expect(update).toMatchObject({ consecutiveFailures: 0, lastRunStatus: "success", lastRunAt: minutesAgo(1) });
  });

  test.each(["building", "paused", "retired"])("a %s automation counts failures but opens nothing", (status) => {
    const { transitions, update } = healthTransitions(
      { ...live, status },
      false,
      [run("failed", 3), run("failed", 2), run("failed", 1)],
      now,
    );
    expect(transitions).toEqual([]);
    expect(update.consecutiveFailures).toBe(3);
  });

  test("the incident is looked up only when failures are involved", () => {
    expect(mayTouchIncident(live, [run("success", 1)])).toBe(false);
    expect(mayTouchIncident(live, [run("failed", 1)])).toBe(true);
    expect(mayTouchIncident({ ...live, consecutiveFailures: 1 }, [run("success", 1)])).toBe(true);
  });
});

describe("last run and Stale", () => {
  test("a recent run becomes the last run and ends a Stale spell", () => {
    const { update } = healthTransitions(live, false, [run("failed", 10)], now);
    expect(update).toMatchObject({ lastRunAt: minutesAgo(10), lastRunStatus: "failed", staleSince: null });
  });

  test("an old run arriving late keeps the last run and the Stale spell", () => {
    const { update } = healthTransitions(live, false, [run("failed", 600)], now);
    expect(update).toEqual({
      consecutiveFailures: 1,
      lastRunAt: minutesAgo(90),
      lastRunStatus: "success",
      staleSince: minutesAgo(30),
    });
  });

  test("without a schedule nothing is Stale; a first run is the last run", () => {
    const { update } = healthTransitions(
      { ...live, expectedEveryMinutes: null, lastRunAt: null, lastRunStatus: null },
      false,
      [run("success", 900)],
      now,
    );
    expect(update).toMatchObject({ lastRunAt: minutesAgo(900), lastRunStatus: "success", staleSince: null });
  });
});
