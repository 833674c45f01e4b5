import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimit } from "../db/schema/auth";
import type { CooldownResult } from "./cooldown";

/**
 * Allows `max` actions per key in a fixed window of `seconds`, atomically across server
 * instances (one upsert on the shared rate_limit table): the window restarts when it is over.
 */
export async function takeWindowSlot(db: Database, key: string, max: number, seconds: number, now = Date.now()): Promise<CooldownResult> {
  const cutoff = now - seconds * 1000;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${rateLimit.lastRequest} < ${cutoff} THEN 1 ELSE ${rateLimit.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${rateLimit.lastRequest} < ${cutoff} THEN ${now} ELSE ${rateLimit.lastRequest} END`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (!row || row.count <= max) return { allowed: true };
  const waitMs = row.windowStart + seconds * 1000 - now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

