import { operations } from "../api-operation";
import type { AuditSchemas } from "../audit";

export const auditOps = operations<AuditSchemas>()({
  listAuditLog: "GET /api/staff/audit-log",
});
