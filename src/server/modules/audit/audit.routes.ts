import { ZListAuditLogQuery, ZListAuditLogResponse } from "../../../shared/audit";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { listAuditLog } from "./list-audit-log.service";
import type { Database } from "../../db/client";

const listAuditLogEndpoint = endpoint({
  method: "get",
  path: "/",
  access: "staff",
  tag: "Staff: audit log",
  operationId: "listAuditLog",
  summary: "Who changed what: every staff action and every change owners make to members and settings",
  description: "Newest first. Entries are written with the change they record and are never edited or deleted.",
  request: { query: ZListAuditLogQuery },
  responses: { 200: json(ZListAuditLogResponse, "A page of entries.") },
});

/** Staff read the audit log (mounted under /api/staff/audit-log); nobody writes to it through the API. */
export const auditLogRoutes = (db: Database) =>
  createRouter().openapi(listAuditLogEndpoint, async (c) => c.json(await listAuditLog(db, c.req.valid("query")), 200));
