import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { auditLog } from "../../db/schema/audit";
import { company } from "../../db/schema/companies";
import { AppError } from "../../lib/app-error";
import type { Database } from "../../db/client";

export const AUDIT_PAGE_SIZE = 50;

/** The cursor names the last entry seen by time and id, so that entries of one instant are neither skipped nor repeated. */
const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError("VALIDATION", "This page link is not valid; start from the newest entries.", {
      fields: { cursor: "Not a valid cursor" },
    });
  }
  return { createdAt, id };
}

/** The audit log, newest first: everything for staff's overview, or one company's entries. */
export async function listAuditLog(db: Database, filter: { companyId?: string; cursor?: string }) {
  const conditions: SQL[] = [];
  if (filter.companyId) conditions.push(eq(auditLog.companyId, filter.companyId));
  if (filter.cursor) {
    const last = decodeCursor(filter.cursor);
    conditions.push(
      or(
        lt(auditLog.createdAt, last.createdAt),
        and(eq(auditLog.createdAt, last.createdAt), lt(auditLog.id, last.id)),
      )!,
    );
  }
  const rows = await db
    .select({ entry: auditLog, companyName: company.name })
    .from(auditLog)
    .leftJoin(company, eq(company.id, auditLog.companyId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(({ entry, companyName }) => ({
      ...entry,
      companyName,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last.entry) : null,
  };
}
