import { sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { RESEND_COOLDOWN_SECONDS, ZEmailOnlyRequest, ZSignInRequest } from "../../shared/better-auth-requests";
import { bodyLimitOf } from "../http/endpoint-rules";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../lib/json-body";
import { clientIp } from "../security/client-ip";
import { takeCooldown } from "../security/cooldown";
import { tooManyRequests } from "../security/rate-limit";
import { createAuthGateway } from "./auth-gateway";
import { betterAuthRules } from "./better-auth-endpoints";
import { markConfirmed } from "./email-confirmed";
import { cancelEmailChange, claimEmailLink, releaseEmailLink, spendEmailLinksOf } from "./email-links.service";
import {
  deletePasskey,
  passkeyRegistrationOptions,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
} from "./passkey-routes";
import { linkExpiredPath } from "./readable-response";
import { endSession, isPastMaxAge } from "./session";
import { createSignInThrottle } from "./sign-in-throttle";
import { disableTwoFactor, verifyRecoveryCode, verifyTotp, type TwoFactorRouteDeps } from "./two-factor-routes";
import type { Auth } from "./auth";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { AppEnv } from "../http/app-env";
import type { Mailer } from "../mail/outbox";
import type { SecurityEventInput } from "../modules/security";
import type { Csrf } from "../security/csrf";

/**
 * Better Auth, mounted at /api/auth, with what it lacks for us around it:
 * single-use confirmation links, a per-address resend cooldown, the client address
 * taken from the socket, readable 429s, failed links sent to /link-expired, and the CSRF
 * token of the session each answer leaves the browser with.
 */
export interface AuthRoutesDeps {
  auth: Auth;
  db: Database;
  config: Config;
  /** Sessions older than this are ended, however active (SESSION_MAX_AGE_HOURS). */
  maxSessionAgeMs: number;
  /** Issues the CSRF token of the session each answer leaves the browser with. */
  csrf: Csrf;
  /** Mails a person when a second factor is added to or removed from their account. */
  mailer: Mailer;
  onSecurityEvent: (event: SecurityEventInput) => void;
}

export function authRoutes({ auth, db, config, maxSessionAgeMs, csrf, mailer, onSecurityEvent }: AuthRoutesDeps) {
  const gateway = createAuthGateway({ auth, config, onSecurityEvent });
  const { forward } = gateway;
  const twoFactorDeps = { auth, db, config, mailer, onSecurityEvent, forward };
  const signInThrottle = createSignInThrottle({
    db,
    gateway,
    throttling: config.RATE_LIMIT === "on",
    onSecurityEvent,
  });

  return (
    new Hono<AppEnv>()
      .use(csrf.issueWithSession)
      .use(gateway.refuseKnown)
      // Each endpoint's declared rules (better-auth-endpoints.ts): its body limit, applied here so that a
      // refused address is answered before its size is looked at, and the refusal of writes while viewing.
      .use((c, next) => bodyLimitOf(betterAuthRules(c.req.method, c.req.path).maxBodyBytes)(c, next))
      .use((c, next) =>
        betterAuthRules(c.req.method, c.req.path).allowedWhileViewing
          ? next()
          : c.get("policies").refuseWhileViewing(c, next),
      )
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
      .get("/verify-email", (c) => verifyEmail(c, db, forward))
      .get("/undo-email-change", (c) => undoEmailChange(c, db))
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
        const attempt = {
          email: parsed.success ? parsed.data.email : undefined,
          ip: clientIp(c, config.TRUSTED_PROXIES),
          path: c.req.path,
        };
        const refusal = await signInThrottle.refusal(attempt);
        if (refusal) return refusal;
        const response = await forward(c, raw);
        await signInThrottle.settle(attempt, response);
        return response;
      })
      .route("/", secondFactorRoutes(twoFactorDeps))
      // Better Auth's admin endpoints act on accounts without the audit log: staff use
      // /api/staff/users instead, the one way to ban, unban, end sessions or change a role.
      .all("/admin/*", (c) => c.json({ message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404))
      .get("/get-session", (c) => getSession(c, db, forward, maxSessionAgeMs))
      .all("/*", (c) => forward(c))
  );
}

/** Authenticator codes and passkeys: each code works once, failures are logged, changes are mailed. */
function secondFactorRoutes(deps: TwoFactorRouteDeps) {
  return (
    new Hono<AppEnv>()
      // Second-factor codes: each works once, failures are logged, refusals read the same (two-factor-routes.ts).
      .post("/two-factor/verify-totp", (c) => verifyTotp(c, deps))
      .post("/two-factor/verify-backup-code", (c) => verifyRecoveryCode(c, deps))
      .post("/two-factor/disable", (c) => disableTwoFactor(c, deps))
      // Codes by email or text message are not offered: an authenticator app, recovery codes or a passkey.
      .all("/two-factor/send-otp", (c) => c.json({ message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404))
      .all("/two-factor/verify-otp", (c) =>
        c.json({ message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404),
      )
      // Passkeys: named, logged and mailed, and a passkey's session has passed a second factor (passkey-routes.ts).
      .get("/passkey/generate-register-options", (c) => passkeyRegistrationOptions(c, deps))
      .post("/passkey/verify-registration", (c) => verifyPasskeyRegistration(c, deps))
      .post("/passkey/verify-authentication", (c) => verifyPasskeyAuthentication(c, deps))
      .post("/passkey/delete-passkey", (c) => deletePasskey(c, deps))
      // Renaming is not offered: a passkey is removed and added again under its new name.
      .all("/passkey/update-passkey", (c) =>
        c.json({ message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404),
      )
  );
}

/** A confirmation link, once: its claim is released if Better Auth refuses it before confirming anything. */
async function verifyEmail(c: Context<AppEnv>, db: Database, forward: Forward): Promise<Response> {
  const token = c.req.query("token");
  if (!token) return c.redirect(linkExpiredPath("confirm", "invalid"));
  const now = new Date();
  const claim = await claimEmailLink(db, token, now);
  if ("problem" in claim) return c.redirect(linkExpiredPath("confirm", claim.problem));
  if (claim.claimed.expiresAt <= now) return c.redirect(linkExpiredPath("confirm", "expired"));
  const response = await forward(c).catch(async (error: unknown) => {
    await releaseEmailLink(db, claim.claimed).catch(() => {});
    throw error;
  });
  if (response.status >= 300 && response.status < 400 && !response.headers.get("location")?.includes("/link-expired")) {
    // Confirmed: every other confirmation link of this user is spent too.
    await spendEmailLinksOf(db, claim.claimed.userId, now);
    return markConfirmed(response);
  }
  // Refused before it confirmed anything (a callbackURL that is not ours): the link stays good.
  if (response.status >= 400) await releaseEmailLink(db, claim.claimed);
  return response;
}

/** The link mailed to the address being replaced: it cancels the pending change (cancelEmailChange). */
async function undoEmailChange(c: Context<AppEnv>, db: Database): Promise<Response> {
  const token = c.req.query("token");
  if (!token) return c.redirect(linkExpiredPath("confirm", "invalid"));
  const now = new Date();
  const claim = await claimEmailLink(db, token, now, ["undo-email-change"]);
  if ("problem" in claim) return c.redirect(linkExpiredPath("confirm", claim.problem));
  if (claim.claimed.expiresAt <= now) return c.redirect(linkExpiredPath("confirm", "expired"));
  await cancelEmailChange(db, claim.claimed.userId, now);
  return c.redirect("/secure-login?mode=forgot");
}

/** The session, unless its account is banned or it is past the maximum age (then it ends here). */
async function getSession(
  c: Context<AppEnv>,
  db: Database,
  forward: Forward,
  maxSessionAgeMs: number,
): Promise<Response> {
  const response = await forward(c);
  // Better Auth answers its own 500 when the session lookup fails. A database that is away
  // throws here instead, so the app answers 503 with Retry-After, as for every other request.
  if (response.status >= 500) await db.select({ one: sql`1` }).from(sql`(select 1) as probe`);
  if (!response.ok) return response;
  const answer = (await response
    .clone()
    .json()
    .catch(() => null)) as {
    session?: { id: string; createdAt: string };
    user?: { banned?: boolean | null };
  } | null;
  if (answer?.session && (answer.user?.banned || isPastMaxAge(answer.session.createdAt, maxSessionAgeMs))) {
    await endSession(db, answer.session.id);
    return c.json(null);
  }
  return response;
}

type Forward = (c: Context, body?: string) => Promise<Response>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
