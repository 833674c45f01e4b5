import { eq } from "drizzle-orm";
import { session as sessionTable } from "../db/schema/auth";
import type { Auth } from "./auth";
import type { Database } from "../db/client";

export type SessionResult = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type SessionUser = SessionResult["user"];
export type SessionData = SessionResult["session"];

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessionTable).where(eq(sessionTable.id, sessionId));
}

/** True when a session is past the absolute limit, however active it has been. */
export const isPastMaxAge = (createdAt: Date | string, maxAgeMs: number, now = Date.now()) =>
  new Date(createdAt).getTime() + maxAgeMs <= now;

/**
 * The live session of a request, or null. Better Auth refuses idle sessions (their expiry
 * slides with use); sessions older than the absolute limit, and any session of a banned
 * account (a ban ends them all; this covers one made while the ban was being written), are ended here.
 */
export async function loadSession(
  auth: Auth,
  db: Database,
  headers: Headers,
  maxAgeMs: number,
): Promise<SessionResult | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  if (result.user.banned || isPastMaxAge(result.session.createdAt, maxAgeMs)) {
    await endSession(db, result.session.id);
    return null;
  }
  return result;
}
