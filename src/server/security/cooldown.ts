import { randomUUID } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { rateLimit } from "../db/schema/auth";
import type { Database } from "../db/client";

export type CooldownResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Allows one action per key every `seconds`, atomically across server instances:
 * the upsert only wins when the previous action is old enough.
 */
export async function takeCooldown(
  db: Database,
  key: string,
  seconds: number,
  now = Date.now(),
): Promise<CooldownResult> {
  const cutoff = now - seconds * 1000;
  const won = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: { count: sql`${rateLimit.count} + 1`, lastRequest: now },
      setWhere: lt(rateLimit.lastRequest, cutoff),
    })
    .returning({ key: rateLimit.key });
  if (won.length > 0) return { allowed: true };
  const [held] = await db.select({ lastRequest: rateLimit.lastRequest }).from(rateLimit).where(eq(rateLimit.key, key));
  const waitMs = (held?.lastRequest ?? now) + seconds * 1000 - now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
