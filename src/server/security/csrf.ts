import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { parse } from "hono/utils/cookie";
import { AppError } from "../lib/app-error";
import type { Context } from "hono";

export const CSRF_HEADER = "x-csrf-token";
const NONCE_COOKIE = "cogwork.csrf";
/** Methods that change nothing, so neither the CSRF check nor the read-only view stops them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

const SESSION_COOKIES = ["__Secure-better-auth.session_token", "better-auth.session_token"];

/** The session cookie's value (Better Auth's name, with the __Secure- prefix over HTTPS); "" without one. */
export function sessionBinding(c: Context): string {
  return getCookie(c, SESSION_COOKIES[0]!) ?? getCookie(c, SESSION_COOKIES[1]!) ?? "";
}

/**
 * The session cookie the browser holds once it has this answer: the one the answer sets (""
 * when it clears it, as sign-out does), else the one the request came with.
 */
function sessionAfter(c: Context): string {
  let session = sessionBinding(c);
  for (const line of c.res.headers.getSetCookie()) {
    const pair = line.split(";", 1)[0]!;
    const name = SESSION_COOKIES.find((cookie) => pair.trim().startsWith(`${cookie}=`));
    if (!name) continue;
    // Better Auth clears a cookie with an empty value and Max-Age=0.
    session = /;\s*max-age=0\b/i.test(line) ? "" : (parse(pair, name)[name] ?? "");
  }
  return session;
}

/**
 * Tokens are an HMAC of a per-browser nonce (an HttpOnly cookie) and the current session,
 * so a token from another browser or another session is refused, and nothing is stored.
 */
export function createCsrf(options: { secret: string; secureCookies: boolean }) {
  const sign = (nonce: string, session: string) =>
    createHmac("sha256", options.secret).update(`csrf|${nonce}|${session}`).digest("base64url");

  function issue(c: Context, session = sessionBinding(c)): string {
    let nonce = getCookie(c, NONCE_COOKIE);
    if (!nonce || !/^[A-Za-z0-9_-]{20,64}$/.test(nonce)) {
      nonce = randomBytes(24).toString("base64url");
      setCookie(c, NONCE_COOKIE, nonce, { httpOnly: true, sameSite: "Lax", secure: options.secureCookies, path: "/" });
    }
    return sign(nonce, session);
  }

  /**
   * Middleware for Better Auth's endpoints, where sessions begin, change, end and are read: each
   * answer carries, in the X-CSRF-Token header, the token for the session the browser holds after
   * it, so that the first change after a sign-in is not refused with the token from before.
   */
  const issueWithSession = createMiddleware(async (c, next) => {
    await next();
    if (c.res.status >= 300) return;
    const session = sessionAfter(c);
    // A browser without a nonce gets one only where its session changes; otherwise it asks as before.
    if (getCookie(c, NONCE_COOKIE) || session !== sessionBinding(c)) c.header(CSRF_HEADER, issue(c, session));
  });

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
      return new AppError(
        "CSRF_INVALID",
        "This request is missing a valid security token. Reload the page and try again.",
      ).toResponse();
    });

  return { issue, isValid, requireToken, issueWithSession };
}

export type Csrf = ReturnType<typeof createCsrf>;
