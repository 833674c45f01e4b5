import type { RunStatus } from "../../../shared/automations";

/** A run just stored, as the health rules read it. */
export interface InsertedRun {
  status: RunStatus;
  startedAt: Date;
  minutesSaved: number;
  itemsProcessed: number;
  errorMessage: string | null;
}

/** What the health rules need to know about the automation before the new runs. */
export interface HealthState {
  status: string;
  consecutiveFailures: number;
  failureThreshold: number;
  expectedEveryMinutes: number | null;
  lastRunAt: Date | null;
  lastRunStatus: RunStatus | null;
  staleSince: Date | null;
}

/** Open a Failing incident (after `failures` in a row, the last with `lastError`), or close it. */
export type IncidentTransition = { kind: "open"; failures: number; lastError: string | null } | { kind: "close" };

export interface HealthOutcome {
  /** In the order the runs started; each one sends its email only if it changed the incident. */
  transitions: IncidentTransition[];
  /** The automation's health columns after the runs. */
  update: { consecutiveFailures: number; lastRunAt: Date; lastRunStatus: RunStatus | null; staleSince: Date | null };
}

/** An open incident implies failures in a row; without failures now or before there is no incident to read. */
export const mayTouchIncident = (state: HealthState, runs: InsertedRun[]) =>
  state.consecutiveFailures > 0 || runs.some((run) => run.status === "failed");

/**
 * The health rules: a Live automation whose failures in a row reach its threshold opens a
 * Failing incident; the next success closes it. Runs apply in the order they started.
 * `runs` is not empty.
 */
export function healthTransitions(
  state: HealthState,
  incidentOpen: boolean,
  runs: InsertedRun[],
  now: Date,
): HealthOutcome {
  const ordered = [...runs].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  const transitions: IncidentTransition[] = [];
  let open = incidentOpen;
  let failures = state.consecutiveFailures;
  for (const run of ordered) {
    if (run.status === "failed") {
      failures += 1;
      if (state.status === "live" && failures >= state.failureThreshold && !open) {
        transitions.push({ kind: "open", failures, lastError: run.errorMessage });
        open = true;
      }
    } else if (run.status === "success") {
      failures = 0;
      if (open) {
        transitions.push({ kind: "close" });
        open = false;
      }
    }
  }

  const newest = ordered[ordered.length - 1]!;
  const isNewer = !state.lastRunAt || newest.startedAt >= state.lastRunAt;
  const lastRunAt = isNewer ? newest.startedAt : state.lastRunAt!;
  // A recent run ends a Stale spell; an old run arriving late does not.
  const fresh =
    state.expectedEveryMinutes === null || lastRunAt.getTime() >= now.getTime() - state.expectedEveryMinutes * 60_000;
  return {
    transitions,
    update: {
      consecutiveFailures: failures,
      lastRunAt,
      lastRunStatus: isNewer ? newest.status : state.lastRunStatus,
      staleSince: fresh ? null : state.staleSince,
    },
  };
}
