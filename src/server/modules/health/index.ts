/** The health module's front door: the up check for load balancers. */
export { healthEndpoints } from "./health.routes";
