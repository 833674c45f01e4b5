import { operations } from "../api-operation";
import type { StaffAutomationsSchemas } from "../staff-automations";

const automation = "/api/staff/companies/{id}/automations/{automationId}";

export const staffAutomationsOps = operations<StaffAutomationsSchemas>()({
  listCompanyAutomations: "GET /api/staff/companies/{id}/automations",
  createAutomation: "POST /api/staff/companies/{id}/automations",
  updateAutomation: `PATCH ${automation}`,
  pauseAutomation: `POST ${automation}/pause`,
  resumeAutomation: `POST ${automation}/resume`,
  retireAutomation: `POST ${automation}/retire`,
  listIngestKeys: `GET ${automation}/keys`,
  issueIngestKey: `POST ${automation}/keys`,
  revokeIngestKey: `DELETE ${automation}/keys/{keyId}`,
});
