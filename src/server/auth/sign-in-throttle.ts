import { eq, inArray } from "drizzle-orm";
import { rateLimit } from "../db/schema/auth";
import { takeCooldown } from "../security/cooldown";
import { consumeRate, tooManyRequests } from "../security/rate-limit";
import type { AuthGateway } from "./auth-gateway";
import type { Database } from "../db/client";
import type { SecurityEventInput } from "../modules/security";

/**
 * After this many failed sign-ins to one account from one address in 15 minutes, that address
 * gets one try every 30 s on that account. Counted per pair, so a stranger's failures never
 * hold up the owner signing in from elsewhere.
 */
export const SIGN_IN_FAILURES_BEFORE_SLOWDOWN = 5;
const SIGN_IN_FAILURE_WINDOW_S = 15 * 60;
const SIGN_IN_SLOWDOWN_S = 30;

/** One sign-in attempt: the account (when the body names one), the client address and the path. */
export interface SignInAttempt {
  email: string | undefined;
  ip: string;
  path: string;
}

export interface SignInThrottleDeps {
  db: Database;
  gateway: Pick<AuthGateway, "refused" | "logRefusal" | "refuseAfterPause">;
  /** RATE_LIMIT=on */
  throttling: boolean;
  onSecurityEvent: (event: SecurityEventInput) => void;
}

export function createSignInThrottle({ db, gateway, throttling, onSecurityEvent }: SignInThrottleDeps) {
  const { refused, logRefusal, refuseAfterPause } = gateway;

  /** The refusal for an attempt from a slowed-down pair before its next slot, or undefined to let it through. */
  async function refusal({ email, ip, path }: SignInAttempt): Promise<Response | undefined> {
    const pair = `${email} ${ip}`;
    const slowedDown = {
      type: "rate_limited",
      message: `Sign-in attempts for ${email} slowed down after repeated failures`,
      email,
      ip,
      path,
    } as const;
    // A slowed-down pair waiting for its next slot is refused from memory, like an address.
    const waiting = email && throttling ? refused.retryAfter(`sign-in-slow ${pair}`) : undefined;
    if (waiting !== undefined) return refuseAfterPause(slowedDown, waiting);
    if (email && throttling && (await failuresOf(db, pair)) >= SIGN_IN_FAILURES_BEFORE_SLOWDOWN) {
      // A soft throttle, not a lockout: only the failing address waits, and its refused
      // tries neither reach the password check nor move its next slot.
      const slot = await takeCooldown(db, `sign-in-slow:${pair}`, SIGN_IN_SLOWDOWN_S);
      if (!slot.allowed) {
        refused.remember(`sign-in-slow ${pair}`, slot.retryAfterSeconds);
        logRefusal(slowedDown);
        return tooManyRequests(slot.retryAfterSeconds);
      }
    }
    return undefined;
  }

  /** Counts a failed attempt (and logs it), or clears the pair's count after a success. */
  async function settle({ email, ip, path }: SignInAttempt, response: Response): Promise<void> {
    const pair = `${email} ${ip}`;
    if (email && response.status === 401) {
      await consumeRate(db, `sign-in-fail:${pair}`, {
        window: SIGN_IN_FAILURE_WINDOW_S,
        max: SIGN_IN_FAILURES_BEFORE_SLOWDOWN,
      });
      onSecurityEvent({ type: "sign_in_failed", message: `Failed sign-in for ${email}`, email, ip, path });
    } else if (email && response.ok) {
      await db.delete(rateLimit).where(inArray(rateLimit.key, [`sign-in-fail:${pair}`, `sign-in-slow:${pair}`]));
    }
  }

  return { refusal, settle };
}

/** Failed sign-ins to one account from one address ("email ip") within the current window. */
async function failuresOf(db: Database, pair: string): Promise<number> {
  const [row] = await db
    .select({ count: rateLimit.count, since: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, `sign-in-fail:${pair}`));
  if (!row || Number(row.since) + SIGN_IN_FAILURE_WINDOW_S * 1000 <= Date.now()) return 0;
  return row.count;
}
