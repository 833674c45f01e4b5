// The ingest module's public face: the run reporting API, its service for imports, and the rollup's write side.
export { ingestEndpoints } from "./ingest.routes";
export { ingestPulledRuns, ingestRuns, type IngestResult, type ReportedRun } from "./ingest.service";
export { rebuildDailyRollup, rezoneDailyRollup } from "./daily-rollup.service";
export { deleteRunsPastRetention, firstWholeRetainedDay } from "./run-retention";
export { runReportingGuide } from "./run-reporting-guide";
