import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { rateLimit } from "../db/schema/auth";
import type { Database } from "../db/client";
import type { Context } from "hono";

export interface RateRule {
  /** Window length in seconds. */
  window: number;
  max: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; firstRefusal: boolean };

/**
 * A fixed-window counter in the shared rate_limit table: one atomic upsert per request,
 * so every server instance on the database counts together.
 */
export async function consumeRate(db: Database, key: string, rule: RateRule, now = Date.now()): Promise<RateDecision> {
  const windowMs = rule.window * 1000;
  const expired = sql`${rateLimit.lastRequest} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (!row || row.count <= rule.max) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.windowStart) + windowMs - now) / 1000));
  return { allowed: false, retryAfterSeconds, firstRefusal: row.count === rule.max + 1 };
}

export function tooManyRequests(retryAfterSeconds: number): Response {
  return Response.json(
    {
      message: `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`,
      code: "RATE_LIMITED",
      retryAfter: retryAfterSeconds,
    },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/** Refuses with 429 (and Retry-After) past `rule.max` requests per window for one key. */
export const rateLimitBy = (options: {
  db: Database;
  enabled: boolean;
  name: string;
  rule: RateRule;
  key: (c: Context) => string;
  onRefused?: (c: Context, key: string) => void;
}) =>
  createMiddleware(async (c, next) => {
    if (!options.enabled) return next();
    const key = `app:${options.name}:${options.key(c)}`;
    const decision = await consumeRate(options.db, key, options.rule);
    if (!decision.allowed) {
      if (decision.firstRefusal) options.onRefused?.(c, key);
      return tooManyRequests(decision.retryAfterSeconds);
    }
    await next();
  });
