import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";

export const CSRF_HEADER = "x-csrf-token";
const NONCE_COOKIE = "cogwork.csrf";
/** Methods that change nothing, so neither the CSRF check nor the read-only view stops them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** The session cookie's value (Better Auth's name, with the __Secure- prefix over HTTPS); "" without one. */
export function sessionBinding(c: Context): string {
  return getCookie(c, "__Secure-better-auth.session_token") ?? getCookie(c, "better-auth.session_token") ?? "";
}

/**
 * Tokens are an HMAC of a per-browser nonce (an HttpOnly cookie) and the current session,
 * so a token from another browser or another session is refused, and nothing is stored.
 */
export function createCsrf(options: { secret: string; secureCookies: boolean }) {
  const sign = (nonce: string, session: string) =>
    createHmac("sha256", options.secret).update(`csrf|${nonce}|${session}`).digest("base64url");

  function issue(c: Context): string {
    let nonce = getCookie(c, NONCE_COOKIE);
    if (!nonce || !/^[A-Za-z0-9_-]{20,64}$/.test(nonce)) {
      nonce = randomBytes(24).toString("base64url");
      setCookie(c, NONCE_COOKIE, nonce, { httpOnly: true, sameSite: "Lax", secure: options.secureCookies, path: "/" });
    }
    return sign(nonce, sessionBinding(c));
  }

  function isValid(c: Context): boolean {
    const nonce = getCookie(c, NONCE_COOKIE);
    const token = c.req.header(CSRF_HEADER);
    if (!nonce || !token) return false;
    const expected = Buffer.from(sign(nonce, sessionBinding(c)));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Every state-changing call must carry the token; 403 with a clear message otherwise. */
  const requireToken = (onRefused?: (c: Context) => void) =>
    createMiddleware(async (c, next) => {
      if (SAFE_METHODS.has(c.req.method) || isValid(c)) return next();
      onRefused?.(c);
      return c.json(
        {
          message: "This request is missing a valid security token. Reload the page and try again.",
          code: "CSRF_INVALID",
        },
        403,
      );
    });

  return { issue, isValid, requireToken };
}

export type Csrf = ReturnType<typeof createCsrf>;
