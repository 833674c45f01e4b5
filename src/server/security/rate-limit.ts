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
  return decide(row, rule, windowMs, now);
}

/**
 * The same counter for a hot path, in one statement whose commit does not wait for the disk:
 * `set_config(…, true)` turns `synchronous_commit` off for the statement's own transaction. A
 * crash may forget the last few counts, which only lets a few more requests in; the caller is
 * not held up by a disk flush per request. Used for ingest, which commits the runs durably.
 */
export async function consumeRateLightly(
  db: Database,
  key: string,
  rule: RateRule,
  now = Date.now(),
): Promise<RateDecision> {
  const windowMs = rule.window * 1000;
  const r = rateLimit;
  const expired = sql`${r.lastRequest} <= ${now - windowMs}`;
  const result = (await db.execute(sql`
    insert into ${r} (id, key, count, last_request)
    select ${randomUUID()}, ${key}, 1, ${now} from (select set_config('synchronous_commit', 'off', true)) as lightly
    on conflict (key) do update set
      count = case when ${expired} then 1 else ${r.count} + 1 end,
      last_request = case when ${expired} then ${now} else ${r.lastRequest} end
    returning count, last_request`)) as unknown as {
    rows: { count: number | string; last_request: number | string }[];
  };
  const [row] = result.rows;
  return decide(row && { count: Number(row.count), windowStart: Number(row.last_request) }, rule, windowMs, now);
}

function decide(
  row: { count: number; windowStart: number } | undefined,
  rule: RateRule,
  windowMs: number,
  now: number,
): RateDecision {
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
