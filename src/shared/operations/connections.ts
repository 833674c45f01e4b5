import { operations } from "../api-operation";
import type { ConnectionsSchemas } from "../connections";

const connections = "/api/staff/companies/{id}/connections";
const connection = `${connections}/{connectionId}`;

export const connectionsOps = operations<ConnectionsSchemas>()({
  listConnections: `GET ${connections}`,
  testConnection: `POST ${connections}/test`,
  createConnection: `POST ${connections}`,
  deleteConnection: `DELETE ${connection}`,
  listWorkflows: `GET ${connection}/workflows`,
  linkWorkflow: `POST ${connection}/links`,
  unlinkWorkflow: `DELETE ${connection}/links/{linkId}`,
  syncConnection: `POST ${connection}/sync`,
  reconcileConnection: `POST ${connection}/reconcile`,
  retryRun: "POST /api/staff/companies/{id}/automations/{automationId}/runs/{runId}/retry",
});
