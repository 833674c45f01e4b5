import { and, eq } from "drizzle-orm";
import { ZDeletePasskeyRequest, ZVerifyPasskeyRegistrationRequest } from "../../shared/better-auth-requests";
import { passedSecondFactor } from "../../shared/second-factor";
import { passkey, session, sessionChange } from "../db/schema/auth";
import { clientIp } from "../security/client-ip";
import { recordFactorChange, type TwoFactorRouteDeps } from "./two-factor-routes";
import type { Database } from "../db/client";
import type { Context } from "hono";

/*
 * Better Auth's passkey plugin, with what it lacks for us in front of it: a name for every
 * passkey, the security log and a mail when one is added or removed, a readable refusal of
 * another person's passkey, and the session marked as having passed a second factor when a
 * passkey opened it (or was added in it), which the staff and company policies read.
 */

export const PASSKEY_SIGN_IN_REFUSED = "That passkey could not sign you in. Try again, or sign in with your password.";
const CEREMONY_EXPIRED = "This passkey request has expired. Try again.";
const REGISTRATION_REFUSED = "The passkey could not be added: your browser's answer did not check out. Try again.";
export const SIGN_IN_WITH_PASSKEY_FIRST =
  "Sign in with one of your passkeys before adding another: your password alone cannot add a second factor.";
const PASSKEY_NOT_FOUND = "There is no such passkey on your account.";

const json = (status: number, message: string, code: string) => Response.json({ message, code }, { status });

async function bodyCode(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  return body.code;
}

/** The plugin's refusals in the words our screens show; a failed check of the browser's answer is a 400, not a 500. */
async function readableRefusal(response: Response, refused: { status: number; message: string }): Promise<Response> {
  if (response.ok) return response;
  const code = await bodyCode(response);
  if (code === "CHALLENGE_NOT_FOUND") return json(400, CEREMONY_EXPIRED, "PASSKEY_EXPIRED");
  if (
    code === "FAILED_TO_VERIFY_REGISTRATION" ||
    code === "AUTHENTICATION_FAILED" ||
    code === "PASSKEY_NOT_FOUND" ||
    code === "PREVIOUSLY_REGISTERED"
  ) {
    return json(refused.status, refused.message, "PASSKEY_REFUSED");
  }
  return response;
}

/** Marks sessions as having passed (or no longer passed) a passkey, and tells every instance's session cache. */
async function markSessions(
  db: Database,
  userId: string,
  where: { sessionId: string } | "all",
  passkeyVerified: boolean,
): Promise<void> {
  await db
    .update(session)
    .set({ passkeyVerified })
    .where(
      where === "all" ? eq(session.userId, userId) : and(eq(session.id, where.sessionId), eq(session.userId, userId)),
    );
  await db.insert(sessionChange).values({ userId });
}

const passkeyCount = async (db: Database, userId: string) =>
  (await db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId))).length;

/**
 * A person with a passkey and no authenticator app signs in with the password alone: such a session
 * adds no passkey, or anyone who knows the password could give themselves a second factor.
 */
async function mayAddPasskey(deps: TwoFactorRouteDeps, signedIn: SignedIn): Promise<boolean> {
  if (passedSecondFactor(signedIn.user, signedIn.session)) return true;
  return (await passkeyCount(deps.db, signedIn.user.id)) === 0;
}

type SignedIn = NonNullable<Awaited<ReturnType<TwoFactorRouteDeps["auth"]["api"]["getSession"]>>>;
const signedInOf = (c: Context, deps: TwoFactorRouteDeps) => deps.auth.api.getSession({ headers: c.req.raw.headers });

/** GET /passkey/generate-register-options: the challenge for a new passkey of the signed-in person. */
export async function passkeyRegistrationOptions(c: Context, deps: TwoFactorRouteDeps): Promise<Response> {
  const signedIn = await signedInOf(c, deps);
  if (signedIn && !(await mayAddPasskey(deps, signedIn))) {
    return json(403, SIGN_IN_WITH_PASSKEY_FIRST, "SECOND_FACTOR_REQUIRED");
  }
  return deps.forward(c);
}

/** POST /passkey/verify-registration: the authenticator's answer and the passkey's name. */
export async function verifyPasskeyRegistration(c: Context, deps: TwoFactorRouteDeps): Promise<Response> {
  const raw = await c.req.text();
  const parsed = ZVerifyPasskeyRegistrationRequest.safeParse(safeJson(raw));
  const signedIn = await signedInOf(c, deps);
  // No session, or a body that is not valid: Better Auth answers (readably, hooks/validate-body.ts).
  if (!parsed.success || !signedIn) return deps.forward(c, raw);
  if (!(await mayAddPasskey(deps, signedIn))) return json(403, SIGN_IN_WITH_PASSKEY_FIRST, "SECOND_FACTOR_REQUIRED");
  const response = await deps.forward(c, raw);
  if (!response.ok) return readableRefusal(response, { status: 400, message: REGISTRATION_REFUSED });
  const { user } = signedIn;
  // Adding a passkey proves holding it, as confirming an app's first code does: this session has passed it.
  await recordFactorChange(
    deps.db,
    deps.mailer,
    `${deps.config.APP_URL}/secure-login`,
    {
      type: "added",
      userId: user.id,
      email: user.email,
      what: `A passkey ("${parsed.data.name}")`,
      ip: clientIp(c, deps.config.TRUSTED_PROXIES),
    },
    (tx) => markSessions(tx, user.id, { sessionId: signedIn.session.id }, true),
  );
  return response;
}

/** POST /passkey/verify-authentication: a passkey opens a session with both factors passed. */
export async function verifyPasskeyAuthentication(c: Context, deps: TwoFactorRouteDeps): Promise<Response> {
  const raw = await c.req.text();
  const response = await deps.forward(c, raw);
  if (!response.ok) {
    if (response.status !== 429) {
      deps.onSecurityEvent({
        type: "second_factor_failed",
        message: `Passkey sign-in refused on ${c.req.method} ${c.req.path}`,
        userId: null,
        email: null,
        ip: clientIp(c, deps.config.TRUSTED_PROXIES),
        path: c.req.path,
      });
    }
    return readableRefusal(response, { status: 401, message: PASSKEY_SIGN_IN_REFUSED });
  }
  const opened = (await response.clone().json()) as { session: { id: string; userId: string } };
  await markSessions(deps.db, opened.session.userId, { sessionId: opened.session.id }, true);
  return response;
}

/** POST /passkey/delete-passkey: one of one's own passkeys; another person's is not found. */
export async function deletePasskey(c: Context, deps: TwoFactorRouteDeps): Promise<Response> {
  const raw = await c.req.text();
  const parsed = ZDeletePasskeyRequest.safeParse(safeJson(raw));
  const signedIn = await signedInOf(c, deps);
  if (!parsed.success || !signedIn) return deps.forward(c, raw);
  const { user } = signedIn;
  const [owned] = await deps.db
    .select({ id: passkey.id, name: passkey.name })
    .from(passkey)
    .where(and(eq(passkey.id, parsed.data.id), eq(passkey.userId, user.id)));
  if (!owned) return json(404, PASSKEY_NOT_FOUND, "NOT_FOUND");
  const response = await deps.forward(c, raw);
  if (!response.ok) return response;
  const left = await passkeyCount(deps.db, user.id);
  await recordFactorChange(
    deps.db,
    deps.mailer,
    `${deps.config.APP_URL}/secure-login`,
    {
      type: "removed",
      userId: user.id,
      email: user.email,
      what: `A passkey ("${owned.name ?? "unnamed"}")`,
      ip: clientIp(c, deps.config.TRUSTED_PROXIES),
    },
    // The last passkey gone, no session of this account has passed one any more.
    left === 0 ? (tx) => markSessions(tx, user.id, "all", false) : undefined,
  );
  return response;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
