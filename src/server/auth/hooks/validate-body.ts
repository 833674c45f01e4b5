import { APIError, createAuthMiddleware } from "better-auth/api";
import {
  ZDeletePasskeyRequest,
  ZVerifyPasskeyAuthenticationRequest,
  ZVerifyPasskeyRegistrationRequest,
} from "../../../shared/better-auth-requests";
import {
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZDeleteUserRequest,
  ZPasswordOnlyRequest,
  ZRevokeSessionRequest,
  ZVerifyRecoveryCodeRequest,
  ZVerifyTotpRequest,
} from "../../../shared/better-auth-requests";
import {
  ZEmailOnlyRequest,
  ZEmptyRequest,
  ZResetPasswordRequest,
  ZSignInRequest,
  ZSignUpRequest,
  ZUpdateUserRequest,
} from "../../../shared/better-auth-requests";
import { firstIssueMessage } from "../../../shared/fields";
import { passwordPolicyRefusal } from "./password-policy";
import type { z } from "zod";

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
  "/change-email": ZChangeEmailRequest,
  "/change-password": ZChangePasswordRequest,
  "/revoke-session": ZRevokeSessionRequest,
  "/delete-user": ZDeleteUserRequest,
  "/sign-out": ZEmptyRequest,
  "/revoke-sessions": ZEmptyRequest,
  "/revoke-other-sessions": ZEmptyRequest,
  // A session has no field a client may set (the view-as fields are the server's).
  "/update-session": ZEmptyRequest,
  // The second factor (twoFactor plugin): the current code for turning it off is checked in
  // front of Better Auth (auth/two-factor-routes.ts), which then asks for the password only.
  "/two-factor/enable": ZPasswordOnlyRequest,
  "/two-factor/disable": ZPasswordOnlyRequest,
  "/two-factor/generate-backup-codes": ZPasswordOnlyRequest,
  "/two-factor/get-totp-uri": ZPasswordOnlyRequest,
  "/two-factor/verify-totp": ZVerifyTotpRequest,
  "/two-factor/verify-backup-code": ZVerifyRecoveryCodeRequest,
  // Passkeys (passkey plugin): a name is required; the WebAuthn answer is checked by the plugin.
  "/passkey/verify-registration": ZVerifyPasskeyRegistrationRequest,
  "/passkey/verify-authentication": ZVerifyPasskeyAuthenticationRequest,
  "/passkey/delete-passkey": ZDeletePasskeyRequest,
};

/** Better Auth requires a name; ours is optional, so an absent one is an empty string. */
const BODY_DEFAULTS: Record<string, Record<string, unknown>> = {
  "/sign-up/email": { name: "" },
};

/** Better Auth's `hooks.before`: every body is checked with our shared schemas first. */
export const validateBodyHook = createAuthMiddleware(async (ctx) => {
  const schema = BODY_SCHEMAS[ctx.path];
  if (!schema || ctx.request?.method !== "POST") return;
  const parsed = schema.safeParse(ctx.body ?? {});
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", { message: firstIssueMessage(parsed.error), code: "VALIDATION_ERROR" });
  }
  const refusal = await passwordPolicyRefusal(ctx, parsed.data as Record<string, unknown>);
  if (refusal) throw new APIError("BAD_REQUEST", { message: refusal, code: "WEAK_PASSWORD" });
  // Continue with the cleaned values (tags stripped, email lower-cased); an optional
  // text that cleaned down to nothing stays an empty string, as Better Auth expects.
  const body: Record<string, unknown> = { ...(ctx.body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(BODY_DEFAULTS[ctx.path] ?? {})) body[key] ??= value;
  for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
    body[key] = value === undefined && typeof body[key] === "string" ? "" : value;
  }
  return { context: { body } };
});
