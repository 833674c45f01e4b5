import { useSearchParams } from "react-router";
import { PLAN_CATEGORIES, PLAN_PRIORITIES, type PlanCategory, type PlanPriority } from "../../../../shared/plan";
import { oneOf, withChanges } from "../../../lib/search-params";
import type { PlanFilter } from "../api/list-plan-items";

/** The plan's filters and view (board or list), kept in the address so that they survive a reload. */
export function usePlanFilter(defaultView: "board" | "list" = "board") {
  const [params, setParams] = useSearchParams();
  const filter: PlanFilter = {
    category: oneOf<PlanCategory>(PLAN_CATEGORIES, params.get("category")),
    priority: oneOf<PlanPriority>(PLAN_PRIORITIES, params.get("priority")),
  };
  const view = oneOf(["board", "list"] as const, params.get("view")) ?? defaultView;
  // The plan has no pages: withChanges dropping `page` changes nothing here.
  const update = (changes: Record<string, string>) =>
    setParams((current) => withChanges(current, changes), { replace: true });
  return { filter, view, update };
}
