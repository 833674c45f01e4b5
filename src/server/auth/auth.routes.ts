import { availableParallelism } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { RESEND_COOLDOWN_SECONDS, ZEmailOnlyRequest } from "../../shared/auth-schemas";
import { ZSignInRequest } from "../../shared/auth-schemas";
import { emailLink } from "../db/schema/auth";
import { rateLimit } from "../db/schema/auth";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../lib/json-body";
import { clientIp } from "../security/client-ip";
import { takeCooldown } from "../security/cooldown";
import { createPasswordGate } from "../security/password-gate";
import { consumeRate, tooManyRequests } from "../security/rate-limit";
import { batchSecurityEvents, createRefusalCache } from "../security/refusal-cache";
import { AUTH_RATE_RULES, CLIENT_IP_HEADER, hashToken, type Auth } from "./auth";
import { endSession, isPastMaxAge } from "./session";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { SecurityEventInput } from "../modules/security/security-log.service";

export type LinkKind = "confirm" | "reset";
export type LinkProblem = "expired" | "used" | "invalid";

/** Better Auth's endpoints that hash or check a password (scrypt), by path under /api/auth. */
const PASSWORD_PATHS = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/reset-password",
  "/change-password",
  "/delete-user",
  "/admin/create-user",
  "/admin/set-user-password",
]);
/**
 * Half the cores, and at most half the default thread pool: a burst of sign-ins then never takes
 * the core that answers everything else, nor every thread that file reads wait for.
 */
const PASSWORD_CHECKS_AT_ONCE = Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));

/**
 * A refusal from memory is answered after this pause. It costs a timer, and it caps what a
 * client that waits for each answer (most flooding tools) can send at one request per
 * connection per second, instead of as many as the event loop can refuse.
 */
const REFUSAL_PAUSE_MS = 1000;

export const linkExpiredPath = (link: LinkKind, reason: LinkProblem) => `/link-expired?link=${link}&reason=${reason}`;

/**
 * Better Auth, mounted at /api/auth, with what it lacks for us around it:
 * single-use confirmation links, a per-address resend cooldown, the client address
 * taken from the socket, readable 429s, and failed links sent to /link-expired.
 */
export interface AuthRoutesDeps {
  auth: Auth;
  db: Database;
  config: Config;
  /** Sessions older than this are ended, however active (SESSION_MAX_AGE_HOURS). */
  maxSessionAgeMs: number;
  onSecurityEvent: (event: SecurityEventInput) => void;
}

/**
 * After this many failed sign-ins to one account from one address in 15 minutes, that address
 * gets one try every 30 s on that account. Counted per pair, so a stranger's failures never
 * hold up the owner signing in from elsewhere.
 */
export const SIGN_IN_FAILURES_BEFORE_SLOWDOWN = 5;
const SIGN_IN_FAILURE_WINDOW_S = 15 * 60;
const SIGN_IN_SLOWDOWN_S = 30;

export function authRoutes({ auth, db, config, maxSessionAgeMs, onSecurityEvent }: AuthRoutesDeps) {
  const throttling = config.RATE_LIMIT === "on";
  const refused = createRefusalCache();
  const passwordGate = createPasswordGate(PASSWORD_CHECKS_AT_ONCE);
  const logRefusal = batchSecurityEvents(onSecurityEvent);
  const refusalOf = (c: Context, ip: string) => ({
    key: `${ip} ${c.req.method} ${c.req.path}`,
    event: {
      type: "rate_limited",
      message: `Rate limit reached on ${c.req.method} ${c.req.path}`,
      ip,
      path: c.req.path,
    } as const,
  });

  async function forward(c: Context, body?: string): Promise<Response> {
    const ip = clientIp(c, config.TRUSTED_PROXIES);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    const init: RequestInit = { method: c.req.method, headers };
    if (c.req.method !== "GET" && c.req.method !== "HEAD") init.body = body ?? (await c.req.text());
    const request = new Request(c.req.raw.url, init);
    const hashesPassword = PASSWORD_PATHS.has(c.req.path.slice(c.req.path.indexOf("/auth/") + 5));
    const response = await (hashesPassword ? passwordGate(() => auth.handler(request)) : auth.handler(request));
    if (response.status === 429) {
      const seconds = retryAfterOf(response);
      const refusal = refusalOf(c, ip);
      refused.remember(refusal.key, seconds);
      logRefusal(refusal.event);
      return tooManyRequests(seconds);
    }
    return readable(response);
  }

  return (
    new Hono()
      // An address the limiter already refuses is answered first, before its body is read; so is
      // one with a whole limit's worth of requests still in progress, which the limiter will refuse.
      .use(async (c, next) => {
        const refusal = refusalOf(c, clientIp(c, config.TRUSTED_PROXIES));
        const max = AUTH_RATE_RULES[c.req.path.slice(c.req.path.indexOf("/auth/") + 5)]?.max;
        const seconds =
          refused.retryAfter(refusal.key) ??
          (max !== undefined && refused.inFlight(refusal.key) >= max ? 1 : undefined);
        if (seconds !== undefined) {
          logRefusal(refusal.event);
          await sleep(REFUSAL_PAUSE_MS);
          return tooManyRequests(seconds);
        }
        const done = refused.start(refusal.key);
        try {
          await next();
        } finally {
          done();
        }
      })
      // The body is already within the app's limit. Better Auth parses it itself and walks it
      // recursively, so a deeply nested body is refused here, on the raw text, before that.
      .use(async (c, next) => {
        if (c.req.method === "GET" || c.req.method === "HEAD") return next();
        if (nestsDeeperThan(await c.req.text())) {
          return c.json(
            { message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`, code: "VALIDATION_ERROR" },
            400,
          );
        }
        return next();
      })
      .get("/verify-email", async (c) => {
        const token = c.req.query("token");
        if (!token) return c.redirect(linkExpiredPath("confirm", "invalid"));
        const now = new Date();
        const tokenHash = hashToken(token);
        // Claiming the link is one atomic update: of two concurrent clicks, one wins.
        const [claimed] = await db
          .update(emailLink)
          .set({ usedAt: now })
          .where(and(eq(emailLink.tokenHash, tokenHash), isNull(emailLink.usedAt)))
          .returning();
        if (!claimed) {
          const [known] = await db
            .select({ usedAt: emailLink.usedAt })
            .from(emailLink)
            .where(eq(emailLink.tokenHash, tokenHash));
          return c.redirect(linkExpiredPath("confirm", known ? "used" : "invalid"));
        }
        if (claimed.expiresAt <= now) return c.redirect(linkExpiredPath("confirm", "expired"));
        const response = await forward(c);
        if (
          response.status >= 300 &&
          response.status < 400 &&
          !response.headers.get("location")?.includes("/link-expired")
        ) {
          // Confirmed: every other confirmation link of this user is spent too.
          await db
            .update(emailLink)
            .set({ usedAt: now })
            .where(and(eq(emailLink.userId, claimed.userId), isNull(emailLink.usedAt)));
        }
        return response;
      })
      .post("/send-verification-email", async (c) => {
        const raw = await c.req.text();
        const parsed = ZEmailOnlyRequest.safeParse(safeJson(raw));
        if (parsed.success) {
          const cooldown = await takeCooldown(db, `resend-confirmation:${parsed.data.email}`, RESEND_COOLDOWN_SECONDS);
          if (!cooldown.allowed) return tooManyRequests(cooldown.retryAfterSeconds);
        }
        // Invalid bodies fall through to Better Auth's validation hook for the readable 400.
        return forward(c, raw);
      })
      .post("/sign-in/email", async (c) => {
        const raw = await c.req.text();
        const parsed = ZSignInRequest.safeParse(safeJson(raw));
        const email = parsed.success ? parsed.data.email : undefined;
        const ip = clientIp(c, config.TRUSTED_PROXIES);
        const pair = `${email} ${ip}`;
        const slowedDown = {
          type: "rate_limited",
          message: `Sign-in attempts for ${email} slowed down after repeated failures`,
          email,
          ip,
          path: c.req.path,
        } as const;
        // A slowed-down pair waiting for its next slot is refused from memory, like an address.
        const waiting = email && throttling ? refused.retryAfter(`sign-in-slow ${pair}`) : undefined;
        if (waiting !== undefined) {
          logRefusal(slowedDown);
          await sleep(REFUSAL_PAUSE_MS);
          return tooManyRequests(waiting);
        }
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
        const response = await forward(c, raw);
        if (email && response.status === 401) {
          await consumeRate(db, `sign-in-fail:${pair}`, {
            window: SIGN_IN_FAILURE_WINDOW_S,
            max: SIGN_IN_FAILURES_BEFORE_SLOWDOWN,
          });
          onSecurityEvent({
            type: "sign_in_failed",
            message: `Failed sign-in for ${email}`,
            email,
            ip,
            path: c.req.path,
          });
        } else if (email && response.ok) {
          await db.delete(rateLimit).where(inArray(rateLimit.key, [`sign-in-fail:${pair}`, `sign-in-slow:${pair}`]));
        }
        return response;
      })
      .get("/get-session", async (c) => {
        const response = await forward(c);
        if (!response.ok) return response;
        const answer = (await response
          .clone()
          .json()
          .catch(() => null)) as { session?: { id: string; createdAt: string } } | null;
        if (answer?.session && isPastMaxAge(answer.session.createdAt, maxSessionAgeMs)) {
          await endSession(db, answer.session.id);
          return c.json(null);
        }
        return response;
      })
      .all("/*", (c) => forward(c))
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The wait Better Auth's limiter asks for. */
function retryAfterOf(response: Response): number {
  const seconds = Number.parseInt(response.headers.get("x-retry-after") ?? "60", 10);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
}

/** Turns Better Auth's terse answers into the ones our screens expect. */
async function readable(response: Response): Promise<Response> {
  const location = response.headers.get("location");
  if (location && response.status >= 300 && response.status < 400) {
    const target = new URL(location, "http://local");
    const error = target.searchParams.get("error");
    if (error) {
      const link: LinkKind = target.pathname.startsWith("/reset-password") ? "reset" : "confirm";
      const reason: LinkProblem = error === "TOKEN_EXPIRED" ? "expired" : "invalid";
      const headers = new Headers(response.headers);
      headers.set("location", linkExpiredPath(link, reason));
      return new Response(null, { status: 302, headers });
    }
  }
  if (response.status >= 400 && response.status < 500) return withMessage(response);
  return response;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: "The request is not valid.",
  401: "Please sign in to continue.",
  403: "You are not allowed to do this.",
  404: "Not found.",
};

/** Some of Better Auth's refusals have an empty body; every one of ours says what went wrong. */
async function withMessage(response: Response): Promise<Response> {
  const text = await response.clone().text();
  let body: unknown = {};
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      return response;
    }
  }
  const fields = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (typeof fields.message === "string" && fields.message.trim()) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const message = FALLBACK_MESSAGES[response.status] ?? "The request could not be completed.";
  return new Response(JSON.stringify({ ...fields, message }), { status: response.status, headers });
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
