import { auditSchemas } from "../../../shared/audit";
import { auditOps } from "../../../shared/operations/audit";
import { handle, operationEndpoint } from "../../http/endpoint";
import { contextOf } from "../../http/service-context";
import { listAuditLog } from "./list-audit-log.service";

const listAuditLogEndpoint = operationEndpoint({
  operation: auditOps.listAuditLog,
  schemas: auditSchemas.listAuditLog,
  access: "staff",
  tag: "Staff: audit log",
  summary: "Who changed what: every staff action and every change owners make to members and settings",
  description: "Newest first. Entries are written with the change they record and are never edited or deleted.",
  ok: "A page of entries.",
});

/** Staff read the audit log; nobody writes to it through the API. */
export const auditLogEndpoints = () => [
  handle(listAuditLogEndpoint, async (c) => c.json(await listAuditLog(contextOf(c), c.req.valid("query")), 200)),
];
