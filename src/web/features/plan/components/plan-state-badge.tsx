import { PLAN_CATEGORY_OF, PLAN_STATE_LABELS, type PlanCategory, type PlanState } from "../../../../shared/plan";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";

export const CATEGORY_TONES: Record<PlanCategory, StatusTone> = {
  waiting_on_agency: "info",
  waiting_on_client: "warning",
  in_progress: "info",
  done: "success",
  closed: "neutral",
};

/** An item's state, coloured by its category. */
export function PlanStateBadge({ state }: { state: PlanState }) {
  return <StatusBadge tone={CATEGORY_TONES[PLAN_CATEGORY_OF[state]]}>{PLAN_STATE_LABELS[state]}</StatusBadge>;
}
