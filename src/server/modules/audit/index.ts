/** The audit module's front door: the staff's audit log endpoint, and the one way to write an entry. */
export { auditLogEndpoints } from "./audit.routes";
export { audit, type AuditChange } from "./record-audit";
