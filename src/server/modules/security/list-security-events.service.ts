import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { DAY_MS } from "../../../shared/days";
import { securityEvent } from "../../db/schema/security";
import { decodeCursor, encodeCursor, exactTime, olderThan } from "../../lib/keyset-cursor";
import type { SecurityEventType } from "../../../shared/security-posture";
import type { ServiceContext } from "../../context/service-context";

export const SECURITY_LOG_PAGE_SIZE = 50;

export interface SecurityEventFilter {
  type?: SecurityEventType;
  /** UTC days, both included. */
  from?: string;
  to?: string;
  /** An email address or an account id. */
  user?: string;
  ip?: string;
  cursor?: string;
}

/** The conditions of a filter, in SQL. */
function conditionsOf(filter: SecurityEventFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(securityEvent.type, filter.type));
  if (filter.from) conditions.push(gte(securityEvent.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(securityEvent.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)));
  const user = filter.user?.trim();
  if (user) {
    conditions.push(
      user.includes("@")
        ? eq(sql`lower(${securityEvent.email})`, user.toLowerCase())
        : or(eq(securityEvent.userId, user), eq(sql`lower(${securityEvent.email})`, user.toLowerCase()))!,
    );
  }
  if (filter.ip?.trim()) conditions.push(eq(securityEvent.ip, filter.ip.trim()));
  if (filter.cursor) {
    conditions.push(olderThan(securityEvent, decodeCursor(filter.cursor, "start from the newest events")));
  }
  return conditions;
}

/** The security log, newest first, keyset-paged by (time, id) so that events of one instant are never skipped. */
export async function listSecurityEvents({ db }: ServiceContext, filter: SecurityEventFilter) {
  const conditions = conditionsOf(filter);
  const rows = await db
    .select({ event: securityEvent, time: exactTime(securityEvent.createdAt) })
    .from(securityEvent)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(securityEvent.createdAt), desc(securityEvent.id))
    .limit(SECURITY_LOG_PAGE_SIZE + 1);
  const page = rows.slice(0, SECURITY_LOG_PAGE_SIZE);
  const last = page.at(-1);
  return {
    events: page.map(({ event: { aggregateKey: _key, ...event } }) => ({
      ...event,
      createdAt: event.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > SECURITY_LOG_PAGE_SIZE && last ? encodeCursor({ time: last.time, id: last.event.id }) : null,
  };
}
