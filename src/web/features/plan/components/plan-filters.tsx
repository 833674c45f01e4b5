import {
  PLAN_CATEGORIES,
  PLAN_CATEGORY_LABELS,
  PLAN_CATEGORY_STAFF_LABELS,
  PLAN_PRIORITIES,
  PLAN_PRIORITY_LABELS,
} from "../../../../shared/plan";
import { FormField } from "../../../components/ui/form-field";
import { NativeSelect } from "../../../components/ui/native-select";
import type { PlanFilter } from "../api/list-plan-items";

/** Filters of the plan: by state category and by priority (kept in the address). */
export function PlanFilters({
  filter,
  update,
  side,
}: {
  filter: PlanFilter;
  update: (changes: Record<string, string>) => void;
  side: "client" | "staff";
}) {
  const labels = side === "staff" ? PLAN_CATEGORY_STAFF_LABELS : PLAN_CATEGORY_LABELS;
  return (
    <div className="flex flex-wrap gap-4">
      <FormField label="Show" className="w-full sm:w-56">
        {(field) => (
          <NativeSelect {...field} value={filter.category ?? ""} onChange={(e) => update({ category: e.target.value })}>
            <option value="">Everything</option>
            {PLAN_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {labels[category]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Priority" className="w-full sm:w-44">
        {(field) => (
          <NativeSelect {...field} value={filter.priority ?? ""} onChange={(e) => update({ priority: e.target.value })}>
            <option value="">Any priority</option>
            {PLAN_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {PLAN_PRIORITY_LABELS[priority]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </div>
  );
}
