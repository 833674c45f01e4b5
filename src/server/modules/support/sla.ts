import type { TTicketPriority, TTicketStatus } from "../../../shared/support-labels";

const MINUTE_MS = 60_000;

/** The targets of one priority, in minutes. */
export interface SlaTargets {
  firstResponseMinutes: number;
  resolutionMinutes: number;
}

/** What the clocks of a ticket need. */
export interface SlaClockState {
  priority: TTicketPriority;
  status: TTicketStatus;
  createdAt: Date;
  firstRespondedAt: Date | null;
  pausedSince: Date | null;
  pausedMs: number;
}

/** The resolution clock stands still while the ticket waits on the client, and once it is resolved. */
export const isPausedStatus = (status: TTicketStatus) => status === "waiting_on_client" || status === "resolved";

/**
 * The clock columns after a status change at `now`: entering a paused status starts a pause,
 * leaving one adds the pause to `pausedMs`.
 */
export function clockAfterStatus(
  state: Pick<SlaClockState, "pausedSince" | "pausedMs">,
  next: TTicketStatus,
  now: Date,
) {
  const wasPaused = state.pausedSince !== null;
  const pausing = isPausedStatus(next);
  if (wasPaused && !pausing) {
    return { pausedSince: null, pausedMs: state.pausedMs + Math.max(0, now.getTime() - state.pausedSince!.getTime()) };
  }
  if (!wasPaused && pausing) return { pausedSince: now, pausedMs: state.pausedMs };
  return { pausedSince: state.pausedSince, pausedMs: state.pausedMs };
}

/** Time the resolution clock has run: from creation to now (or to the start of the current pause), minus pauses. */
export const activeMs = (state: SlaClockState, now: Date) =>
  (state.pausedSince ?? now).getTime() - state.createdAt.getTime() - state.pausedMs;

/** Where a ticket stands against its targets at `now`. */
export function slaOf(state: SlaClockState, targets: SlaTargets, now: Date) {
  const firstDue = state.createdAt.getTime() + targets.firstResponseMinutes * MINUTE_MS;
  const firstBreached = state.firstRespondedAt ? state.firstRespondedAt.getTime() > firstDue : now.getTime() > firstDue;
  const resolutionLeft = targets.resolutionMinutes * MINUTE_MS - activeMs(state, now);
  const paused = state.pausedSince !== null;
  const lefts = [...(state.firstRespondedAt ? [] : [firstDue - now.getTime()]), ...(paused ? [] : [resolutionLeft])];
  return {
    firstResponseDueAt: state.firstRespondedAt ? null : new Date(firstDue).toISOString(),
    resolutionDueAt: paused ? null : new Date(now.getTime() + resolutionLeft).toISOString(),
    paused,
    breached: firstBreached || resolutionLeft < 0,
    msLeft: lefts.length ? Math.min(...lefts) : null,
  };
}
