/** The health module's front door: the alive and ready checks for proxies and orchestrators. */
export { healthEndpoints } from "./health.routes";
export type { Readiness } from "./readiness";
