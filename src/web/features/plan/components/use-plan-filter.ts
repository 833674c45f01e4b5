import { useSearchParams } from "react-router";
import { PLAN_CATEGORIES, PLAN_PRIORITIES, type PlanCategory, type PlanPriority } from "../../../../shared/plan";
import type { PlanFilter } from "../api/list-plan-items";

const pick = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

/** The plan's filters and view (board or list), kept in the address so that they survive a reload. */
export function usePlanFilter(defaultView: "board" | "list" = "board") {
  const [params, setParams] = useSearchParams();
  const filter: PlanFilter = {
    category: pick<PlanCategory>(PLAN_CATEGORIES, params.get("category")),
    priority: pick<PlanPriority>(PLAN_PRIORITIES, params.get("priority")),
  };
  const asked = params.get("view");
  const view: "board" | "list" = asked === "list" || asked === "board" ? asked : defaultView;
  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return { filter, view, update };
}
