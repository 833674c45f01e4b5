import { operations } from "../api-operation";
import type { AutomationsSchemas } from "../automations";
import type { AutomationRunsSchemas } from "../automations";

/** What a signed-in user reads and reports about automations: their company's (staff: every company's). */
export const automationsOps = operations<
  AutomationsSchemas & Omit<AutomationRunsSchemas, "reportRun" | "reportRuns">
>()({
  listAutomations: "GET /api/automations",
  getAutomation: "GET /api/automations/{id}",
  listRuns: "GET /api/automations/{id}/runs",
  exportRuns: "GET /api/automations/{id}/runs/export.csv",
  reportProblem: "POST /api/automations/{id}/problem-reports",
});
