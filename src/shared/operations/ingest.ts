import { operations } from "../api-operation";
import type { AutomationRunsSchemas } from "../automations";

/** The run reporting API, called by automation platforms with an ingest key. */
export const ingestOps = operations<Pick<AutomationRunsSchemas, "reportRun" | "reportRuns">>()({
  reportRun: "POST /api/v1/runs",
  reportRuns: "POST /api/v1/runs/batch",
});
