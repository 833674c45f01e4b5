import { operations } from "../api-operation";
import type { ClientsSchemas } from "../clients";

export const clientsOps = operations<ClientsSchemas>()({
  listCompanies: "GET /api/staff/companies",
  exportCompanies: "GET /api/staff/companies/export.csv",
});
