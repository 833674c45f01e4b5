import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimit } from "../db/schema/auth";
import type { CooldownResult } from "./cooldown";

/**
 * At most `max` actions per key in each fixed window of `windowSeconds`, counted in the
 * database with one atomic upsert, so that every server instance shares the count.
 */
export async function takeRateWindow(db: Database, key: string, max: number, windowSeconds: number, now = Date.now()): Promise<CooldownResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = now - (now % windowMs);
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: windowStart })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} = ${windowStart} then ${rateLimit.count} + 1 else 1 end`,
        lastRequest: windowStart,
      },
    })
    .returning({ count: rateLimit.count });
  if ((row?.count ?? 1) <= max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}
