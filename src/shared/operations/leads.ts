import { operations } from "../api-operation";
import type { LeadsSchemas } from "../leads";

export const leadsOps = operations<LeadsSchemas>()({
  listLeads: "GET /api/staff/leads",
  updateLead: "PATCH /api/staff/leads/{id}",
  convertLead: "POST /api/staff/leads/{id}/convert",
  listLeadMatches: "GET /api/staff/leads/{id}/matches",
});
