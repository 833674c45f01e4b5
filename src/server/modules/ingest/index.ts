// The ingest module's public face: the run reporting API, its key check, and the rollup's write side.
export { ingestEndpoints } from "./ingest.routes";
export { ingestRuns, ingestReports, type ReportedRun, type IngestReport, type IngestResult } from "./ingest.service";
export { rebuildDailyRollup } from "./daily-rollup.service";
export { runReportingGuide } from "./run-reporting-guide";
