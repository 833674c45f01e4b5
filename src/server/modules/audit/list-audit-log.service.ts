import { and, desc, eq, type SQL } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit";
import { company } from "../../db/schema/companies";
import { decodeCursor, encodeCursor, exactTime, olderThan } from "../../lib/keyset-cursor";
import type { ServiceContext } from "../../context/service-context";

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first: everything for staff's overview, or one company's entries. */
export async function listAuditLog({ db }: ServiceContext, filter: { companyId?: string; cursor?: string }) {
  const conditions: SQL[] = [];
  if (filter.companyId) conditions.push(eq(auditLog.companyId, filter.companyId));
  if (filter.cursor) {
    conditions.push(olderThan(auditLog, decodeCursor(filter.cursor, "start from the newest entries")));
  }
  const rows = await db
    .select({ entry: auditLog, companyName: company.name, time: exactTime(auditLog.createdAt) })
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
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor({ time: last.time, id: last.entry.id }) : null,
  };
}
