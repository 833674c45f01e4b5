import type { AutomationFilter } from "./list-automations";
import type { RunFilter } from "./list-runs";

/** Every query key of the automations feature, so that mutations invalidate exactly what they change. */
export const automationKeys = {
  all: ["automations"] as const,
  list: (filter: AutomationFilter) => [...automationKeys.all, "list", filter] as const,
  detail: (id: string) => [...automationKeys.all, "detail", id] as const,
  runs: (id: string, filter: RunFilter) => [...automationKeys.all, "runs", id, filter] as const,
};
