import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { securityEvent } from "../../db/schema/security";
import { sha256Hex } from "../../lib/sha256";
import type { SecurityEventType } from "../../../shared/security-posture";
import type { Database } from "../../db/client";

export interface SecurityEventInput {
  type: SecurityEventType;
  message: string;
  userId?: string | null;
  email?: string | null;
  ip?: string | null;
  path?: string | null;
  details?: Record<string, unknown>;
  /** How many occurrences this call reports (a caller that batches repeats passes more than one). */
  count?: number;
}

const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * Appends to the security log. Repeats of one event from one source within a minute add to
 * one row's count, so a flood costs one row per source and minute rather than one per request.
 * Never throws: a logging failure must not fail the request.
 */
export async function logSecurityEvent(
  db: Database,
  event: SecurityEventInput,
  onError?: (error: unknown) => void,
): Promise<void> {
  const row = {
    type: event.type,
    message: event.message.slice(0, 500),
    userId: clip(event.userId, 100),
    email: clip(event.email, 255),
    ip: clip(event.ip, 64),
    path: clip(event.path, 500),
  };
  const occurrences = Math.max(1, Math.floor(event.count ?? 1));
  try {
    await db
      .insert(securityEvent)
      .values({
        ...row,
        details: event.details ?? null,
        count: occurrences,
        aggregateKey: aggregateKey(row, Date.now()),
      })
      .onConflictDoUpdate({
        target: securityEvent.aggregateKey,
        set: { count: sql`${securityEvent.count} + ${occurrences}` },
      });
  } catch (error) {
    onError?.(error);
  }
}

/** The same event (type, source, subject, message) within the same minute shares a key. */
function aggregateKey(row: Record<string, string | null>, now: number): string {
  const minute = Math.floor(now / 60_000);
  return sha256Hex(JSON.stringify([minute, row.type, row.ip, row.userId, row.email, row.path, row.message]));
}

export const SECURITY_LOG_PAGE_SIZE = 50;

/** Newest first, keyset-paged by time: `before` is the createdAt of the last row seen. */
export async function listSecurityEvents(db: Database, filter: { type?: SecurityEventType; before?: Date }) {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(securityEvent.type, filter.type));
  if (filter.before) conditions.push(lt(securityEvent.createdAt, filter.before));
  const rows = await db
    .select()
    .from(securityEvent)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(securityEvent.createdAt))
    .limit(SECURITY_LOG_PAGE_SIZE + 1);
  const hasMore = rows.length > SECURITY_LOG_PAGE_SIZE;
  const events = rows.slice(0, SECURITY_LOG_PAGE_SIZE);
  return { events, nextBefore: hasMore ? (events.at(-1)?.createdAt.toISOString() ?? null) : null };
}
