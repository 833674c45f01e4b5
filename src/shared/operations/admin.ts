import { operations } from "../api-operation";
import type { AdminSchemas } from "../admin";

export const adminOps = operations<AdminSchemas>()({
  getAdminOverview: "GET /api/admin/overview",
  listAttentionAutomations: "GET /api/staff/automations/attention",
  listEmails: "GET /api/staff/emails",
  retryEmail: "POST /api/staff/emails/{id}/retry",
});
