/** The leads module's front door: staff's endpoints for the contact leads. */
export { staffLeadsEndpoints } from "./leads.routes";
export { listLeads } from "./list-leads.service";
