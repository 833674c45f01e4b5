import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { eq } from "drizzle-orm";
import {
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZDeleteUserRequest,
  ZRevokeSessionRequest,
} from "../../shared/account-schemas";
import {
  ZAdminBanUserRequest,
  ZAdminCreateUserRequest,
  ZAdminSetPasswordRequest,
  ZAdminSetRoleRequest,
  ZAdminUpdateUserRequest,
  ZAdminUserRequest,
  ZEmailOnlyRequest,
  ZEmptyRequest,
  ZResetPasswordRequest,
  ZSignInRequest,
  ZSignUpRequest,
  ZUpdateUserRequest,
} from "../../shared/auth-schemas";
import { INACTIVITY_TIMEOUT_MS } from "../../shared/constants";
import { firstIssueMessage } from "../../shared/fields";
import { account, emailLink, rateLimit, session, user, verification } from "../db/schema/auth";
import { enqueueMail, type Mailer } from "../mail/outbox";
import {
  changeEmailMail,
  confirmEmailMail,
  existingAccountMail,
  passwordChangedMail,
  resetPasswordMail,
} from "../mail/templates";
import { createCompanyForNewClient } from "../modules/companies/companies.service";
import { logSecurityEvent } from "../modules/security/security-log.service";
import type { SecurityEventType } from "../../shared/security-posture";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import type { z } from "zod";

/** The header our server sets from the socket (or a trusted proxy); any copy from the client is dropped. */
export const CLIENT_IP_HEADER = "x-cogwork-client-ip";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Request bodies Better Auth accepts, checked with the same schemas as our forms: strict
 * objects, so a key we never send is refused. A POST endpoint missing here takes no body of ours.
 */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  "/sign-up/email": ZSignUpRequest,
  "/sign-in/email": ZSignInRequest,
  "/send-verification-email": ZEmailOnlyRequest,
  "/request-password-reset": ZEmailOnlyRequest,
  "/reset-password": ZResetPasswordRequest,
  "/update-user": ZUpdateUserRequest,
  "/admin/create-user": ZAdminCreateUserRequest,
  "/admin/update-user": ZAdminUpdateUserRequest,
  "/change-email": ZChangeEmailRequest,
  "/change-password": ZChangePasswordRequest,
  "/revoke-session": ZRevokeSessionRequest,
  "/delete-user": ZDeleteUserRequest,
  "/sign-out": ZEmptyRequest,
  "/revoke-sessions": ZEmptyRequest,
  "/revoke-other-sessions": ZEmptyRequest,
  "/admin/set-role": ZAdminSetRoleRequest,
  "/admin/ban-user": ZAdminBanUserRequest,
  "/admin/unban-user": ZAdminUserRequest,
  "/admin/revoke-user-sessions": ZAdminUserRequest,
  "/admin/remove-user": ZAdminUserRequest,
  "/admin/set-user-password": ZAdminSetPasswordRequest,
};

/** Per client address, for Better Auth's limiter (and our wrapper's cheap refusals in front of it). */
export const AUTH_RATE_RULES: Record<string, { window: number; max: number }> = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 60, max: 5 },
  "/send-verification-email": { window: 60, max: 5 },
  "/request-password-reset": { window: 60, max: 5 },
  "/reset-password": { window: 60, max: 10 },
};

/** Better Auth requires a name; ours is optional, so an absent one is an empty string. */
const BODY_DEFAULTS: Record<string, Record<string, unknown>> = {
  "/sign-up/email": { name: "" },
  "/admin/create-user": { name: "" },
};

const ADMIN_ACTIONS: Record<
  string,
  { type: SecurityEventType; describe: (body: { role?: string; banReason?: string }, who: string) => string }
> = {
  "/admin/set-role": { type: "role_changed", describe: (body, who) => `Role of ${who} set to ${body.role}` },
  "/admin/ban-user": {
    type: "user_banned",
    describe: (body, who) => `${who} was banned${body.banReason ? `: ${body.banReason}` : ""}`,
  },
  "/admin/unban-user": { type: "user_unbanned", describe: (_body, who) => `${who} was unbanned` },
  "/admin/revoke-user-sessions": {
    type: "sessions_revoked",
    describe: (_body, who) => `All sessions of ${who} were revoked`,
  },
};

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  log: Logger;
}

export function createAuth({ db, config, secret, mailer, log }: AuthDeps) {
  const signInUrl = `${config.APP_URL}/secure-login`;
  const linkTtlSeconds = config.EMAIL_LINK_TTL_MINUTES * 60;

  return betterAuth({
    appName: "Cogwork",
    baseURL: config.APP_URL,
    secret,
    trustedOrigins: [config.APP_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: target, url }) => {
        await enqueueMail(db, target.email, resetPasswordMail(url));
        mailer.nudge();
      },
      onPasswordReset: async ({ user: target }) => {
        await enqueueMail(db, target.email, passwordChangedMail(signInUrl));
        mailer.nudge();
      },
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
      onExistingUserSignUp: async ({ user: target }) => {
        await enqueueMail(db, target.email, existingAccountMail(signInUrl));
        mailer.nudge();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: linkTtlSeconds,
      sendVerificationEmail: async ({ user: target, url, token }) => {
        // The link and its mail are written together: a link exists only if its mail does.
        // The token is a JWT with times in whole seconds, so two links made for one user within
        // a second are the same link: keep its row (a repeat of the mail does no harm).
        await db.transaction(async (tx) => {
          await tx
            .insert(emailLink)
            .values({
              tokenHash: hashToken(token),
              userId: target.id,
              purpose: "confirm-email",
              expiresAt: new Date(Date.now() + linkTtlSeconds * 1000),
            })
            .onConflictDoNothing({ target: emailLink.tokenHash });
          // Better Auth passes the new address when a signed-in user changes email.
          const [stored] = await tx.select({ email: user.email }).from(user).where(eq(user.id, target.id));
          const mail =
            stored && stored.email !== target.email
              ? changeEmailMail(url, config.EMAIL_LINK_TTL_MINUTES)
              : confirmEmailMail(url, config.EMAIL_LINK_TTL_MINUTES);
          await enqueueMail(tx, target.email, mail);
        });
        mailer.nudge();
      },
    },
    // The seed's 30 minutes of inactivity, enforced by the server: a session's expiry slides
    // forward (at most once a minute) while it is used, and lapses when it is not.
    session: {
      expiresIn: INACTIVITY_TIMEOUT_MS / 1000,
      updateAge: 60,
    },
    user: {
      changeEmail: { enabled: true },
      deleteUser: { enabled: true },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: AUTH_RATE_RULES,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.APP_URL.startsWith("https://"),
      // Better Auth skips its origin check under NODE_ENV=test; our tests check the real behaviour.
      disableOriginCheck: false,
    },
    plugins: [
      admin({
        defaultRole: "client",
        adminRoles: ["admin"],
        roles: { admin: adminAc, client: userAc },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          after: async (created, context) => {
            if (created.role && created.role !== "client") return;
            const body = (context?.body ?? {}) as { company?: unknown; name?: unknown };
            await createCompanyForNewClient(db, {
              userId: created.id,
              email: created.email,
              companyName: typeof body.company === "string" ? body.company : undefined,
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const schema = BODY_SCHEMAS[ctx.path];
        if (!schema || ctx.request?.method !== "POST") return;
        const parsed = schema.safeParse(ctx.body ?? {});
        if (!parsed.success) {
          throw new APIError("BAD_REQUEST", { message: firstIssueMessage(parsed.error), code: "VALIDATION_ERROR" });
        }
        // Continue with the cleaned values (tags stripped, email lower-cased); an optional
        // text that cleaned down to nothing stays an empty string, as Better Auth expects.
        const body: Record<string, unknown> = { ...(ctx.body as Record<string, unknown>) };
        for (const [key, value] of Object.entries(BODY_DEFAULTS[ctx.path] ?? {})) body[key] ??= value;
        for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
          body[key] = value === undefined && typeof body[key] === "string" ? "" : value;
        }
        return { context: { body } };
      }),
      // Staff actions on accounts go to the security log, once they have succeeded.
      after: createAuthMiddleware(async (ctx) => {
        const action = ADMIN_ACTIONS[ctx.path];
        if (!action || ctx.context.returned instanceof Error) return;
        const body = (ctx.body ?? {}) as { userId?: string; role?: string; banReason?: string };
        const actor = ctx.context.session?.user;
        const [target] = body.userId
          ? await db.select({ email: user.email }).from(user).where(eq(user.id, body.userId))
          : [];
        await logSecurityEvent(db, {
          type: action.type,
          message: action.describe(body, target?.email ?? body.userId ?? "unknown user"),
          userId: body.userId,
          email: target?.email,
          details: { by: actor?.email ?? "server", ...(body.role ? { role: body.role } : {}) },
        });
      }),
    },
    // Errors that are not Better Auth's own answers (a database that went away mid-request)
    // reach the app's error handler, which answers 503 for those, instead of an empty 500.
    onAPIError: { throw: true },
    logger: {
      log: (level, message, ...args) => {
        const write = level === "error" ? log.error : level === "warn" ? log.warn : log.debug;
        // Better Auth's messages may quote what the client sent: a field, never the message.
        write("auth", { detail: message, ...(args.length ? { args } : {}) });
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
