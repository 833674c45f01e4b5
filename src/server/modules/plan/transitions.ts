import { PLAN_STATE_LABELS, type PlanState } from "../../../shared/plan";
import { conflict } from "../../lib/app-error";

export type PlanSide = "client" | "staff";

/**
 * The one table of moves an item may make, and who makes each. Anything else is refused with
 * a 409 that names the item's current state. Proposed → Proposed is a revised proposal (a new
 * version); Declined → Proposed is a new version after the client said no.
 */
export const PLAN_TRANSITIONS: ReadonlyArray<{ from: PlanState; to: PlanState; by: PlanSide }> = [
  { from: "requested", to: "proposed", by: "staff" },
  { from: "proposed", to: "proposed", by: "staff" },
  { from: "declined", to: "proposed", by: "staff" },
  { from: "proposed", to: "approved", by: "client" },
  { from: "proposed", to: "declined", by: "client" },
  { from: "declined", to: "requested", by: "client" },
  { from: "approved", to: "building", by: "staff" },
  { from: "building", to: "live", by: "staff" },
  { from: "building", to: "retired", by: "staff" },
  { from: "live", to: "retired", by: "staff" },
];

export const allowedTransitions = (from: PlanState, side: PlanSide): PlanState[] =>
  PLAN_TRANSITIONS.filter((row) => row.from === from && row.by === side).map((row) => row.to);

/** Throws the 409 for a move the table does not allow this side to make. */
export function checkTransition(from: PlanState, to: PlanState, side: PlanSide): void {
  if (PLAN_TRANSITIONS.some((row) => row.from === from && row.to === to && row.by === side)) return;
  const current = PLAN_STATE_LABELS[from];
  const target = PLAN_STATE_LABELS[to];
  const otherSide = PLAN_TRANSITIONS.some((row) => row.from === from && row.to === to);
  if (otherSide)
    throw conflict(
      side === "client"
        ? `This item is ${current}: moving it to ${target} is the agency's step, not yours.`
        : `This item is ${current}: only the client can move it to ${target}.`,
      "transition",
    );
  throw conflict(`This item is ${current}: it can't move to ${target} from there.`, "transition");
}
