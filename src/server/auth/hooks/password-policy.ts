import { getSessionFromCtx } from "better-auth/api";
import {
  COMMON_PASSWORD_MESSAGE,
  EMAIL_IN_PASSWORD_MESSAGE,
  passwordHasEmailLocalPart,
} from "../../../shared/password-rules";
import { isCommonPassword } from "../common-passwords";
import type { createAuthMiddleware } from "better-auth/api";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The endpoints that set a password, with where their new password is and whose email it is held against. */
const SETS_PASSWORD: Record<
  string,
  { field: string; email: (ctx: HookContext, body: Record<string, unknown>) => Promise<string | null> }
> = {
  "/sign-up/email": { field: "password", email: async (_ctx, body) => String(body.email) },
  "/reset-password": {
    field: "newPassword",
    // An unknown or expired link gets Better Auth's own "Invalid token", checked before the password.
    email: async (ctx, body) => {
      const verification = await ctx.context.internalAdapter.findVerificationValue(
        `reset-password:${String(body.token)}`,
      );
      if (!verification || verification.expiresAt < new Date()) return null;
      return (await ctx.context.internalAdapter.findUserById(verification.value))?.email ?? null;
    },
  },
  // Without a session Better Auth answers 401 before any password is looked at.
  "/change-password": {
    field: "newPassword",
    email: async (ctx) => (await getSessionFromCtx(ctx))?.user.email ?? null,
  },
};

/**
 * Why a new password is refused (ASVS V6.2.4), or null: one of the most common breached passwords,
 * or the account's email address (its local part) inside it. Runs after the body passed its schema.
 */
export async function passwordPolicyRefusal(ctx: HookContext, body: Record<string, unknown>): Promise<string | null> {
  const rule = SETS_PASSWORD[ctx.path];
  if (!rule) return null;
  const password = body[rule.field];
  if (typeof password !== "string") return null;
  const email = await rule.email(ctx, body);
  if (email === null) return null;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  if (passwordHasEmailLocalPart(password, email)) return EMAIL_IN_PASSWORD_MESSAGE;
  return null;
}
