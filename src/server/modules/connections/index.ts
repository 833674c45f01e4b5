/** The platform connections module's front door (n8n, ADR 0034): the staff endpoints and the sync job's pass. */
export { connectionsEndpoints } from "./connections.routes";
export { syncAllConnections } from "./sync.service";
