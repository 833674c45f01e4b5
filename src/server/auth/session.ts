import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Database } from "../db/client";
import { session as sessionTable } from "../db/schema/auth";
import type { Auth } from "./auth";

type SessionResult = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type SessionUser = SessionResult["user"];
export type SessionData = SessionResult["session"];

export interface AuthVariables {
  user: SessionUser;
  session: SessionData;
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessionTable).where(eq(sessionTable.id, sessionId));
}

/** True when a session is past the absolute limit, however active it has been. */
export const isPastMaxAge = (createdAt: Date | string, maxAgeMs: number, now = Date.now()) => new Date(createdAt).getTime() + maxAgeMs <= now;

/**
 * The live session of a request, or null. Better Auth refuses idle sessions (their expiry
 * slides with use); sessions older than the absolute limit are ended here.
 */
export async function loadSession(auth: Auth, db: Database, headers: Headers, maxAgeMs: number): Promise<SessionResult | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  if (isPastMaxAge(result.session.createdAt, maxAgeMs)) {
    await endSession(db, result.session.id);
    return null;
  }
  return result;
}

/** Refuses the request with 401 unless it carries a live session; exposes user and session. */
export const requireSession = (auth: Auth, db: Database, maxAgeMs: number) =>
  createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const result = await loadSession(auth, db, c.req.raw.headers, maxAgeMs);
    if (!result) return c.json({ message: "Please sign in to continue." }, 401);
    c.set("user", result.user);
    c.set("session", result.session);
    await next();
  });

/** Staff-only data: a signed-in client gets 403, whatever the UI shows. */
export const requireStaff = createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
  if (c.get("user").role !== "admin") return c.json({ message: "This area is for agency staff only." }, 403);
  await next();
});
