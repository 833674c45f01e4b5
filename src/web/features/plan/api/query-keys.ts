import type { PlanFilter } from "./list-plan-items";

/** Every query key of the plan feature, so that mutations invalidate exactly what they change. */
export const planKeys = {
  all: ["plan"] as const,
  list: (filter: PlanFilter) => [...planKeys.all, "list", filter] as const,
  queue: (filter: PlanFilter) => [...planKeys.all, "queue", filter] as const,
  detail: (id: string) => [...planKeys.all, "detail", id] as const,
};
