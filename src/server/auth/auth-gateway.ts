import { availableParallelism } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { clientIp } from "../security/client-ip";
import { createPasswordGate } from "../security/password-gate";
import { tooManyRequests } from "../security/rate-limit";
import { batchSecurityEvents, createRefusalCache } from "../security/refusal-cache";
import { AUTH_RATE_RULES, CLIENT_IP_HEADER, type Auth } from "./auth";
import { readable, retryAfterOf } from "./readable-response";
import type { Config } from "../config";
import type { SecurityEventInput } from "../modules/security";
import type { Context, Next } from "hono";

/** Better Auth's endpoints that hash or check a password (scrypt), by path under /api/auth. */
const PASSWORD_PATHS = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/reset-password",
  "/change-password",
  "/delete-user",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
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

/** The path under /api/auth, as Better Auth and its rules name it. */
const authPath = (c: Context) => c.req.path.slice(c.req.path.indexOf("/auth/") + 5);

export interface AuthGatewayDeps {
  auth: Auth;
  config: Config;
  onSecurityEvent: (event: SecurityEventInput) => void;
}

/**
 * The way into Better Auth: the client address taken from the socket, password checks a few at
 * a time, its 429s remembered and made readable, and refusals from memory in front of it.
 */
export function createAuthGateway({ auth, config, onSecurityEvent }: AuthGatewayDeps) {
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

  /** Logs a refusal from memory and answers it after the pause. */
  async function refuseAfterPause(event: SecurityEventInput, seconds: number): Promise<Response> {
    logRefusal(event);
    await sleep(REFUSAL_PAUSE_MS);
    return tooManyRequests(seconds);
  }

  async function forward(c: Context, body?: string): Promise<Response> {
    const ip = clientIp(c, config.TRUSTED_PROXIES);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    const init: RequestInit = { method: c.req.method, headers };
    if (c.req.method !== "GET" && c.req.method !== "HEAD") init.body = body ?? (await c.req.text());
    const request = new Request(c.req.raw.url, init);
    const hashesPassword = PASSWORD_PATHS.has(authPath(c));
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

  /**
   * Middleware: an address the limiter already refuses is answered first, before its body is read;
   * so is one with a whole limit's worth of requests still in progress, which the limiter will refuse.
   */
  async function refuseKnown(c: Context, next: Next): Promise<Response | void> {
    const refusal = refusalOf(c, clientIp(c, config.TRUSTED_PROXIES));
    const max = AUTH_RATE_RULES[authPath(c)]?.max;
    const seconds =
      refused.retryAfter(refusal.key) ?? (max !== undefined && refused.inFlight(refusal.key) >= max ? 1 : undefined);
    if (seconds !== undefined) return refuseAfterPause(refusal.event, seconds);
    const done = refused.start(refusal.key);
    try {
      await next();
    } finally {
      done();
    }
  }

  return { refused, logRefusal, refuseAfterPause, forward, refuseKnown };
}

export type AuthGateway = ReturnType<typeof createAuthGateway>;
