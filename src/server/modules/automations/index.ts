// The automations module's public face: what other modules, the HTTP layer, the jobs and the scripts use.
export { automationsEndpoints } from "./automations.routes";
export { companyAutomationsEndpoints } from "./company-automations.routes";
export { companyAutomationKeysEndpoints } from "./company-automation-keys.routes";
export { createAutomation, updateAutomation } from "./automation-admin.service";
export { issueIngestKey } from "./ingest-keys.service";
export { getAutomation } from "./get-automation.service";
export { listAutomations } from "./list-automations.service";
export { listRuns } from "./list-runs.service";
export { exportRunsCsv } from "./export-runs.service";
export { detectStale } from "./health.service";
export { displayStatus, isFailing, isStale } from "./display-status";
export { describeEvery } from "./schedule";
export { lockCompanyAutomation } from "./locked-automation";
export { incidentsInPeriod } from "./incidents-in-period.service";
