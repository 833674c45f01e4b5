import { passkey } from "@better-auth/passkey";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { RECOVERY_CODE_COUNT, TRUST_DEVICE_DAYS } from "../../shared/better-auth-requests";
import { INACTIVITY_TIMEOUT_MS } from "../../shared/constants";
import {
  account,
  passkey as passkeyTable,
  rateLimit,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
} from "../db/schema/auth";
import { createAuthRateStore } from "./auth-rate-store";
import { onExistingUserSignUpHook, onPasswordResetHook, sendResetPasswordHook } from "./hooks/account-mails";
import { createClientCompanyHook } from "./hooks/create-client-company";
import { sendVerificationEmailHook } from "./hooks/send-verification-email";
import { validateBodyHook } from "./hooks/validate-body";
import { hashPassword, verifyPassword } from "./password-hash";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/outbox";

/** The header our server sets from the socket (or a trusted proxy); any copy from the client is dropped. */
export const CLIENT_IP_HEADER = "x-cogwork-client-ip";

/** Per client address, for Better Auth's limiter (and our wrapper's cheap refusals in front of it). */
export const AUTH_RATE_RULES: Record<string, { window: number; max: number }> = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 60, max: 5 },
  "/send-verification-email": { window: 60, max: 5 },
  "/request-password-reset": { window: 60, max: 5 },
  "/reset-password": { window: 60, max: 10 },
  // Second-factor codes are guessed like passwords, and counted like them (each sign-in attempt
  // also allows at most 5 tries, and 10 failures in a row lock the factor for 15 minutes).
  "/two-factor/verify-totp": { window: 60, max: 10 },
  "/two-factor/verify-backup-code": { window: 60, max: 10 },
  "/two-factor/disable": { window: 60, max: 10 },
  // A passkey sign-in is a signature, not a guess, but each try costs a verification: counted like one.
  "/passkey/verify-authentication": { window: 60, max: 10 },
  "/passkey/generate-authenticate-options": { window: 60, max: 20 },
};

/**
 * Reads of one's own state are not guesses: a signed-in person's screens check the session on
 * every load, focus and timer, and an office behind one address adds them all up. The limiter
 * is for what can be guessed (passwords, sign-ups, reset and confirmation links).
 */
export const UNLIMITED_AUTH_READS = ["/get-session", "/list-sessions", "/list-accounts", "/account-info"] as const;

/** Every other Better Auth endpoint, per address. */
const DEFAULT_AUTH_RATE = { window: 60, max: 100 };

/** Better Auth slides a session's idle expiry forward at most this often while it is used. */
export const SESSION_UPDATE_AGE_SECONDS = 60;

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  log: Logger;
}

export function createAuth({ db, config, secret, mailer, log }: AuthDeps) {
  const signInUrl = `${config.APP_URL}/secure-login`;
  const mailDeps = { db, mailer, signInUrl };

  return betterAuth({
    appName: "Cogwork",
    baseURL: config.APP_URL,
    secret,
    trustedOrigins: [config.APP_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable, passkey: passkeyTable },
      transaction: true,
    }),
    // The seed's 30 minutes of inactivity, enforced by the server: a session's expiry slides
    // forward (at most once a minute) while it is used, and lapses when it is not.
    session: {
      expiresIn: INACTIVITY_TIMEOUT_MS / 1000,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Staff viewing a client's portal read-only (modules/view-as): set only by our staff
      // endpoints, never from a request body (input: false), and read with every session.
      additionalFields: {
        viewingCompanyId: { type: "string", required: false, input: false },
        viewingUntil: { type: "date", required: false, input: false },
        // Opened with a passkey, or confirmed by adding one (auth/passkey-routes.ts): the session
        // has passed a second factor even when the account has no authenticator app.
        passkeyVerified: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: emailAndPasswordOptions(mailDeps),
    emailVerification: emailVerificationOptions({ db, mailer, config }),
    rateLimit: rateLimitOptions(db),
    user: {
      changeEmail: { enabled: true },
      deleteUser: { enabled: true },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.APP_URL.startsWith("https://"),
      // Better Auth skips its origin check under NODE_ENV=test; our tests check the real behaviour.
      disableOriginCheck: false,
    },
    // The admin plugin gives accounts their role and refuses banned accounts at sign-in; its own
    // /api/auth/admin/* endpoints are switched off (auth.routes.ts): staff act through /api/staff/users.
    plugins: [
      admin({
        defaultRole: "client",
        adminRoles: ["admin"],
        roles: { admin: adminAc, client: userAc },
        // A banned account cannot open a ticket or reach "support": the public contact form is its way in.
        bannedUserMessage:
          "This account has been banned, so it cannot sign in. If you think this is a mistake, write to us " +
          `through the contact form at ${config.APP_URL}/contact.`,
      }),
      ...secondFactorPlugins(config),
    ],
    databaseHooks: {
      user: {
        create: {
          after: createClientCompanyHook(db),
        },
      },
    },
    hooks: {
      before: validateBodyHook,
    },
    // Errors that are not Better Auth's own answers (a database that went away mid-request)
    // reach the app's error handler, which answers 503 for those, instead of an empty 500.
    onAPIError: { throw: true },
    logger: authLogger(log),
  });
}

export type Auth = ReturnType<typeof createAuth>;

type Options = BetterAuthOptions;
type MailDeps = Parameters<typeof sendResetPasswordHook>[0];

function emailAndPasswordOptions(mailDeps: MailDeps): NonNullable<Options["emailAndPassword"]> {
  return {
    enabled: true,
    requireEmailVerification: true,
    autoSignIn: false,
    minPasswordLength: 8,
    maxPasswordLength: 128,
    resetPasswordTokenExpiresIn: 3600,
    revokeSessionsOnPasswordReset: true,
    password: { hash: hashPassword, verify: verifyPassword },
    sendResetPassword: sendResetPasswordHook(mailDeps),
    onPasswordReset: onPasswordResetHook(mailDeps),
    // Sign-up answers the same for a taken address; its owner hears about it by email.
    // The stand-in user carries the admin plugin's fields as a real new client would.
    customSyntheticUser: ({ coreFields, id }) => ({
      ...coreFields,
      role: "client",
      banned: false,
      banReason: null,
      banExpires: null,
      id,
    }),
    onExistingUserSignUp: onExistingUserSignUpHook(mailDeps),
  };
}

function emailVerificationOptions({
  db,
  mailer,
  config,
}: Pick<AuthDeps, "db" | "mailer" | "config">): NonNullable<Options["emailVerification"]> {
  return {
    sendOnSignUp: true,
    sendOnSignIn: false,
    autoSignInAfterVerification: true,
    expiresIn: config.EMAIL_LINK_TTL_MINUTES * 60,
    sendVerificationEmail: sendVerificationEmailHook({
      db,
      mailer,
      linkTtlMinutes: config.EMAIL_LINK_TTL_MINUTES,
      appUrl: config.APP_URL,
    }),
  };
}

function rateLimitOptions(db: Database): NonNullable<Options["rateLimit"]> {
  return {
    enabled: true,
    ...DEFAULT_AUTH_RATE,
    // Counted in the database (so instances share limits), in fixed windows: see auth-rate-store.ts.
    customStorage: createAuthRateStore(
      db,
      Math.max(DEFAULT_AUTH_RATE.window, ...Object.values(AUTH_RATE_RULES).map((rule) => rule.window)),
    ),
    customRules: {
      ...AUTH_RATE_RULES,
      ...Object.fromEntries(UNLIMITED_AUTH_READS.map((path) => [path, false as const])),
    },
  };
}

/** Authenticator apps with recovery codes, and passkeys (ADR 0027). */
function secondFactorPlugins(config: Config) {
  return [
    // Authenticator apps (TOTP, ±1 step of 30 s) and single-use recovery codes (ADR 0027). Codes
    // are checked in front of it too (two-factor-routes.ts): each works once, failures are logged.
    twoFactor({
      issuer: "Cogwork",
      backupCodeOptions: { amount: RECOVERY_CODE_COUNT, length: 10, storeBackupCodes: "encrypted" },
      trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 3600,
      twoFactorCookieMaxAge: 600,
      accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
    }),
    // Passkeys (WebAuthn, ADR 0027): discoverable credentials, so that "Sign in with a passkey"
    // needs no email; bound to the app's public address (APP_URL), its host name and its origin.
    passkey({
      rpName: "Cogwork",
      rpID: new URL(config.APP_URL).hostname,
      origin: new URL(config.APP_URL).origin,
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    }),
  ] as const;
}

function authLogger(log: Logger): NonNullable<Options["logger"]> {
  return {
    log: (level, message, ...args) => {
      const write = level === "error" ? log.error : level === "warn" ? log.warn : log.debug;
      // Better Auth's messages may quote what the client sent: a field, never the message.
      write("auth", { detail: message, ...(args.length ? { args } : {}) });
    },
  };
}
