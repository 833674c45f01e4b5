import { and, like, lt } from "drizzle-orm";
import { rateLimit } from "../db/schema/auth";
import { consumeRate, type RateRule } from "../security/rate-limit";
import type { Database } from "../db/client";
import type { BetterAuthOptions } from "better-auth";

type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions["rateLimit"]>["customStorage"]>;

/** Better Auth names its counters `ip|path`; they are stored under this prefix, apart from ours. */
const KEY_PREFIX = "auth:";
const PRUNE_EVERY_MS = 60_000;

/**
 * Better Auth's limiter counting in our fixed windows (the shared rate_limit table, one atomic
 * statement a request). Its own database store moves a window's start to every request it lets
 * through, so a steady trickle under the limit's pace (an office behind one address, a page
 * reloaded every few seconds) never lets the count reset and is refused in the end. Here a
 * window ends `window` seconds after its first request, however busy it was.
 */
export function createAuthRateStore(
  db: Database,
  longestWindowSeconds: number,
  clock: () => number = () => Date.now(),
): RateLimitStorage {
  let prunedAt = 0;
  return {
    async consume(key: string, rule: RateRule) {
      const now = clock();
      const decision = await consumeRate(db, KEY_PREFIX + key, rule, now);
      // Counters of addresses that went quiet, at most once a minute per process.
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        const cutoff = now - longestWindowSeconds * 1000;
        await db.delete(rateLimit).where(and(like(rateLimit.key, `${KEY_PREFIX}%`), lt(rateLimit.lastRequest, cutoff)));
      }
      return decision.allowed
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: decision.retryAfterSeconds };
    },
  };
}
