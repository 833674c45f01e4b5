import { sql } from "drizzle-orm";
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
  try {
    await writeSecurityEvent(db, event);
  } catch (error) {
    onError?.(error);
  }
}

/**
 * Appends to the security log inside the caller's transaction, with the change it records
 * (a staff action on an account): written together or not at all. Throws as any write does.
 */
export async function writeSecurityEvent(tx: Database, event: SecurityEventInput): Promise<void> {
  const row = {
    type: event.type,
    message: event.message.slice(0, 500),
    userId: clip(event.userId, 100),
    email: clip(event.email, 255),
    ip: clip(event.ip, 64),
    path: clip(event.path, 500),
  };
  const occurrences = Math.max(1, Math.floor(event.count ?? 1));
  await tx
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
}

/** The same event (type, source, subject, message) within the same minute shares a key. */
function aggregateKey(row: Record<string, string | null>, now: number): string {
  const minute = Math.floor(now / 60_000);
  return sha256Hex(JSON.stringify([minute, row.type, row.ip, row.userId, row.email, row.path, row.message]));
}
