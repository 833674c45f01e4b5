import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { rateLimit } from "../db/schema/auth";
import { AppError } from "../lib/app-error";
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
  return decide(row, rule, windowMs, now);
}

/**
 * The same counters, several at once and inside the caller's transaction (a CTE of the ingest
 * admission's statement): `uses` requests are added to each key, in key order (so concurrent
 * callers lock the rows in the same order), returning each key's `key`, `count` and
 * `last_request` after the addition; `decideShare` tells which of a key's requests fit.
 */
export function addToRatesSql(uses: Map<string, number>, rule: RateRule, now: number): SQL {
  const keys = [...uses.keys()].sort();
  const r = rateLimit;
  const expired = sql`${r.lastRequest} <= ${now - rule.window * 1000}`;
  return sql`
    insert into ${r} (id, key, count, last_request)
    select gen_random_uuid()::text, v.key, v.uses, ${now}
    from unnest(${sql.param(keys)}::text[], ${sql.param(keys.map((key) => uses.get(key)!))}::int[]) as v(key, uses)
    order by v.key
    on conflict (key) do update set
      count = case when ${expired} then excluded.count else ${r.count} + excluded.count end,
      last_request = case when ${expired} then ${now} else ${r.lastRequest} end
    returning key, count, last_request`;
}

/**
 * Of `uses` requests just added to a counter that now stands at `counter.count`, how many were
 * within the rule (the earliest ones), and when the others may try again.
 */
export function decideShare(
  counter: { count: number; windowStart: number },
  uses: number,
  rule: RateRule,
  now = Date.now(),
): { allowed: number; retryAfterSeconds: number } {
  const allowed = Math.max(0, Math.min(uses, rule.max - (counter.count - uses)));
  return { allowed, retryAfterSeconds: secondsLeft(counter.windowStart, rule.window * 1000, now) };
}

/** Whole seconds until a window that started at `windowStart` ends, at least 1 (for Retry-After). */
const secondsLeft = (windowStart: number, windowMs: number, now: number) =>
  Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));

function decide(
  row: { count: number; windowStart: number } | undefined,
  rule: RateRule,
  windowMs: number,
  now: number,
): RateDecision {
  if (!row || row.count <= rule.max) return { allowed: true };
  const retryAfterSeconds = secondsLeft(Number(row.windowStart), windowMs, now);
  return { allowed: false, retryAfterSeconds, firstRefusal: row.count === rule.max + 1 };
}

/** The words of every 429 the rate limits give. */
export const tooManyMessage = (retryAfterSeconds: number) =>
  `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`;

export function tooManyRequests(retryAfterSeconds: number): Response {
  return new AppError("RATE_LIMITED", tooManyMessage(retryAfterSeconds), { retryAfterSeconds }).toResponse();
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
