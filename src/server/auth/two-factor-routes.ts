import { and, eq, lt } from "drizzle-orm";
import { ZDisableTwoFactorRequest, ZVerifyTotpRequest } from "../../shared/better-auth-requests";
import { totpCodeUse, verification } from "../db/schema/auth";
import { enqueueMail, type Mailer } from "../mail/outbox";
import { secondFactorChangedMail } from "../mail/templates";
import { writeSecurityEvent, type SecurityEventInput } from "../modules/security";
import { clientIp } from "../security/client-ip";
import type { Auth } from "./auth";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Context } from "hono";

/** One message for every wrong code: it tells a guesser nothing about why. */
export const WRONG_CODE_MESSAGE = "That code is not right. Check it and try again.";
const SIGN_IN_VOID_MESSAGE = "Too many wrong codes for this sign-in. Sign in again with your password.";
const SIGN_IN_EXPIRED_MESSAGE = "This sign-in has expired. Sign in again with your password.";
const AUTHENTICATOR_APP = "An authenticator app";

/**
 * A code is accepted in its own 30-second step and the ones either side: once accepted, it is
 * refused for as long as it could still be accepted (the three steps), then forgotten.
 */
const CODE_REMEMBERED_MS = 3 * 30_000;

/** Claims a code for a person: false when it was accepted (or is being checked) already. */
export async function claimTotpCode(db: Database, userId: string, code: string, now = new Date()): Promise<boolean> {
  await db.delete(totpCodeUse).where(and(eq(totpCodeUse.userId, userId), lt(totpCodeUse.expiresAt, now)));
  const claimed = await db
    .insert(totpCodeUse)
    .values({ userId, code, expiresAt: new Date(now.getTime() + CODE_REMEMBERED_MS) })
    .onConflictDoNothing()
    .returning({ code: totpCodeUse.code });
  return claimed.length > 0;
}

/** Gives a code back when Better Auth refused it (a wrong code stays wrong; a right one may be retried). */
async function releaseTotpCode(db: Database, userId: string, code: string): Promise<void> {
  await db.delete(totpCodeUse).where(and(eq(totpCodeUse.userId, userId), eq(totpCodeUse.code, code)));
}

export interface TwoFactorRouteDeps {
  auth: Auth;
  db: Database;
  config: Config;
  mailer: Mailer;
  onSecurityEvent: (event: SecurityEventInput) => void;
  forward: (c: Context, body?: string) => Promise<Response>;
}

interface CodeOwner {
  userId: string;
  email: string;
  /** Signed in already (setting up or turning off), not in the second step of a sign-in. */
  signedIn: boolean;
  twoFactorEnabled: boolean;
}

/** Better Auth's cookie of a sign-in waiting for its second step: `<identifier>.<signature>`. */
function challengeIdOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (!name?.endsWith("better-auth.two_factor")) continue;
    const value = decodeURIComponent(rest.join("="));
    const dot = value.lastIndexOf(".");
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}

/** The person a code is for: the signed-in one, else the one whose sign-in waits for its second step. */
async function codeOwnerOf(c: Context, { auth, db }: TwoFactorRouteDeps): Promise<CodeOwner | null> {
  const signedIn = await auth.api.getSession({ headers: c.req.raw.headers });
  if (signedIn) {
    const { id, email, twoFactorEnabled } = signedIn.user;
    return { userId: id, email, signedIn: true, twoFactorEnabled: Boolean(twoFactorEnabled) };
  }
  const challenge = challengeIdOf(c.req.header("cookie"));
  if (!challenge) return null;
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(eq(verification.identifier, challenge));
  if (!row) return null;
  const person = await auth.$context.then((ctx) => ctx.internalAdapter.findUserById(row.userId));
  return person ? { userId: person.id, email: person.email, signedIn: false, twoFactorEnabled: true } : null;
}

const answer = (status: 400 | 401, message: string, code: string) => Response.json({ message, code }, { status });

/** Better Auth's refusals of a code, in the words our screens show. */
async function readableRefusal(response: Response): Promise<Response> {
  if (response.ok) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  if (body.code === "INVALID_CODE" || body.code === "INVALID_BACKUP_CODE") {
    return answer(401, WRONG_CODE_MESSAGE, "INVALID_CODE");
  }
  if (body.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return answer(401, SIGN_IN_VOID_MESSAGE, "SIGN_IN_VOID");
  if (body.code === "INVALID_TWO_FACTOR_COOKIE") return answer(401, SIGN_IN_EXPIRED_MESSAGE, "SIGN_IN_EXPIRED");
  return response;
}

function failedCodeEvent(c: Context, deps: TwoFactorRouteDeps, owner: CodeOwner | null, kind: string) {
  deps.onSecurityEvent({
    type: "second_factor_failed",
    message: `Wrong ${kind} on ${c.req.method} ${c.req.path}`,
    userId: owner?.userId ?? null,
    email: owner?.email ?? null,
    ip: clientIp(c, deps.config.TRUSTED_PROXIES),
    path: c.req.path,
  });
}

/** Writes the change to the security log and mails the person, together. */
export async function recordFactorChange(
  db: Database,
  mailer: Mailer,
  signInUrl: string,
  change: {
    type: "added" | "removed" | "reset";
    userId: string;
    email: string;
    what: string;
    by?: string;
    ip?: string;
  },
  /** What else the change writes, in the same transaction. */
  alongside?: (tx: Database) => Promise<void>,
): Promise<void> {
  const messages = {
    added: `${change.what} added as a second factor`,
    removed: `${change.what} removed as a second factor`,
    reset: `Second factor reset by staff`,
  };
  await db.transaction(async (tx) => {
    await writeSecurityEvent(tx, {
      type: `second_factor_${change.type}`,
      message: messages[change.type],
      userId: change.userId,
      email: change.email,
      ip: change.ip ?? null,
      details: change.by ? { by: change.by } : undefined,
    });
    await enqueueMail(tx, change.email, secondFactorChangedMail(change.type, change.what, signInUrl));
    if (alongside) await alongside(tx);
  });
  mailer.nudge();
}

/** POST /two-factor/verify-totp: confirming a new app (signed in), or the second step of a sign-in. */
export async function verifyTotp(c: Context, deps: TwoFactorRouteDeps): Promise<Response> {
  const raw = await c.req.text();
  const parsed = ZVerifyTotpRequest.safeParse(safeJson(raw));
  const owner = await codeOwnerOf(c, deps);
  // A body that is not valid, or no sign-in to check it for: Better Auth answers (readably).
  if (!parsed.success || !owner) return readableRefusal(await deps.forward(c, raw));
  const { code } = parsed.data;
  if (!(await claimTotpCode(deps.db, owner.userId, code))) {
    failedCodeEvent(c, deps, owner, "code (used before)");
    return answer(401, WRONG_CODE_MESSAGE, "INVALID_CODE");
  }
  const response = await deps.forward(c, raw).catch(async (error: unknown) => {
    await releaseTotpCode(deps.db, owner.userId, code);
    throw error;
  });
  if (!response.ok) {
    await releaseTotpCode(deps.db, owner.userId, code);
    if (response.status === 401) failedCodeEvent(c, deps, owner, "authenticator code");
    return readableRefusal(response);
  }
  if (owner.signedIn && !owner.twoFactorEnabled) {
    await recordFactorChange(deps.db, deps.mailer, `${deps.config.APP_URL}/secure-login`, {
      type: "added",
      userId: owner.userId,
      email: owner.email,
      what: AUTHENTICATOR_APP,
      ip: clientIp(c, deps.config.TRUSTED_PROXIES),
    });
  }
  return response;
}

/** POST /two-factor/verify-backup-code: a recovery code instead of the app's, at sign-in. */
export async function verifyRecoveryCode(c: Context, deps: TwoFactorRouteDeps): Promise<Response> {
  const raw = await c.req.text();
  const response = await deps.forward(c, raw);
  if (response.status === 401) failedCodeEvent(c, deps, await codeOwnerOf(c, deps), "recovery code");
  return readableRefusal(response);
}

/** POST /two-factor/disable: the password (Better Auth checks it) and a current code (checked here first). */
export async function disableTwoFactor(c: Context, deps: TwoFactorRouteDeps): Promise<Response> {
  const parsed = ZDisableTwoFactorRequest.safeParse(safeJson(await c.req.text()));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return answer(
      400,
      issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid body",
      "VALIDATION_ERROR",
    );
  }
  const owner = await codeOwnerOf(c, deps);
  if (!owner?.signedIn) return answer(401, "Please sign in to continue.", "UNAUTHORIZED");
  const { code, password } = parsed.data;
  const accepted =
    (await claimTotpCode(deps.db, owner.userId, code)) &&
    (await deps.auth.api
      .verifyTOTP({ body: { code }, headers: c.req.raw.headers })
      .then(() => true)
      .catch(async () => {
        await releaseTotpCode(deps.db, owner.userId, code);
        return false;
      }));
  if (!accepted) {
    failedCodeEvent(c, deps, owner, "authenticator code");
    return answer(401, WRONG_CODE_MESSAGE, "INVALID_CODE");
  }
  const response = await deps.forward(c, JSON.stringify({ password }));
  if (!response.ok) {
    // The password was wrong: the code was right, and may be tried again with the right one.
    await releaseTotpCode(deps.db, owner.userId, code);
    return response;
  }
  await recordFactorChange(deps.db, deps.mailer, `${deps.config.APP_URL}/secure-login`, {
    type: "removed",
    userId: owner.userId,
    email: owner.email,
    what: AUTHENTICATOR_APP,
    ip: clientIp(c, deps.config.TRUSTED_PROXIES),
  });
  return response;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
