import { z } from "zod";
import {
  ZDeletePasskeyRequest,
  ZVerifyPasskeyAuthenticationRequest,
  ZVerifyPasskeyRegistrationRequest,
} from "./better-auth-requests";
import {
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZDeleteUserRequest,
  ZDisableTwoFactorRequest,
  ZPasswordOnlyRequest,
  ZRevokeSessionRequest,
  ZVerifyRecoveryCodeRequest,
  ZVerifyTotpRequest,
} from "./better-auth-requests";
import {
  callbackField,
  tokenField,
  ZEmailOnlyRequest,
  ZEmptyRequest,
  ZResetPasswordRequest,
  ZSignInRequest,
  ZSignUpRequest,
  ZUpdateUserRequest,
} from "./better-auth-requests";
import { ROLES } from "./constants";

/*
 * Better Auth's endpoints under /api/auth that the web calls, in the contract's form: the bodies
 * are the ones the server checks (hooks/validate-body.ts), the answers what Better Auth sends.
 * Better Auth serves them, not our table of endpoints, and they are not in our OpenAPI document.
 * Its ids are random strings, not UUIDs; its dates are ISO strings.
 */

/** A user as Better Auth answers it, with the admin plugin's fields. */
export const ZAuthUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  role: z.enum(ROLES),
  banned: z.boolean().nullable(),
  banReason: z.string().nullable(),
  banExpires: z.iso.datetime().nullable(),
  /** An authenticator app is set up and confirmed (Better Auth's twoFactor plugin). */
  twoFactorEnabled: z.boolean(),
});
export type TAuthUser = z.output<typeof ZAuthUser>;

/** A session as Better Auth answers it, with our view-as fields (modules/view-as). */
export const ZAuthSession = z.object({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  impersonatedBy: z.string().nullable(),
  viewingCompanyId: z.string().nullable(),
  viewingUntil: z.iso.datetime().nullable(),
  /** Opened with a passkey, or confirmed by adding one: this session has passed a second factor. */
  passkeyVerified: z.boolean().nullable().optional(),
});
export type TAuthSession = z.output<typeof ZAuthSession>;

/** The signed-in session and its user, or null. */
export const ZGetSessionResponse = z.object({ session: ZAuthSession, user: ZAuthUser }).nullable();

/** `disableRefresh`: a background check, which does not extend the session. */
const ZGetSessionQuery = z.object({ disableRefresh: z.boolean().optional() });

const ZVerifyEmailQuery = z.object({ token: tokenField, callbackURL: callbackField.optional() });

/** One of a person's passkeys, as the passkey plugin lists it (the public key is left unread). */
export const ZPasskey = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  deviceType: z.string(),
  backedUp: z.boolean(),
  createdAt: z.iso.datetime().nullable().optional(),
});
export type TPasskey = z.output<typeof ZPasskey>;

/** WebAuthn options (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed to the browser as they are. */
const ZWebAuthnOptions = z.looseObject({ challenge: z.string() });

/** Better Auth's answer to most writes. */
const ZStatusResponse = z.object({ status: z.boolean() });

export const betterAuthSchemas = {
  /** The token is null: the account waits for its confirmation link (no sign-in before it). */
  signUpEmail: { body: ZSignUpRequest, response: z.object({ token: z.string().nullable(), user: ZAuthUser }) },
  signInEmail: {
    body: ZSignInRequest,
    // With a second factor set up (and this browser not trusted), the password opens its second step.
    response: z.union([
      z.object({ redirect: z.boolean(), token: z.string(), user: ZAuthUser }),
      z.object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }),
    ]),
  },
  signOut: { body: ZEmptyRequest, response: z.object({ success: z.boolean() }) },
  getSession: { query: ZGetSessionQuery, response: ZGetSessionResponse },
  /** The mailed confirmation link: it redirects. */
  verifyEmail: { query: ZVerifyEmailQuery, response: null },
  sendVerificationEmail: { body: ZEmailOnlyRequest, response: ZStatusResponse },
  requestPasswordReset: {
    body: ZEmailOnlyRequest,
    response: z.object({ status: z.boolean(), message: z.string() }),
  },
  resetPassword: { body: ZResetPasswordRequest, response: ZStatusResponse },
  updateUser: { body: ZUpdateUserRequest, response: ZStatusResponse },
  changeEmail: { body: ZChangeEmailRequest, response: ZStatusResponse },
  /** The token is the new session's when the other sessions were revoked, else null. */
  changePassword: {
    body: ZChangePasswordRequest,
    response: z.object({ token: z.string().nullable(), user: ZAuthUser }),
  },
  listSessions: { response: z.array(ZAuthSession) },
  revokeSession: { body: ZRevokeSessionRequest, response: ZStatusResponse },
  revokeOtherSessions: { body: ZEmptyRequest, response: ZStatusResponse },
  deleteUser: { body: ZDeleteUserRequest, response: z.object({ success: z.boolean(), message: z.string() }) },
  /** The new app's secret (in an otpauth:// address) and ten recovery codes, shown once; confirmed by verifyTotp. */
  enableTwoFactor: {
    body: ZPasswordOnlyRequest,
    response: z.object({ method: z.literal("totp"), totpURI: z.string(), backupCodes: z.array(z.string()) }),
  },
  /** Signed in: confirms a new app. Signing in: the second step, which starts the session. */
  verifyTotp: { body: ZVerifyTotpRequest, response: z.object({ token: z.string(), user: ZAuthUser }) },
  verifyRecoveryCode: {
    body: ZVerifyRecoveryCodeRequest,
    response: z.object({ token: z.string(), user: ZAuthUser }),
  },
  /** New recovery codes; the old ones stop working. */
  generateRecoveryCodes: {
    body: ZPasswordOnlyRequest,
    response: z.object({ status: z.boolean(), backupCodes: z.array(z.string()) }),
  },
  disableTwoFactor: { body: ZDisableTwoFactorRequest, response: ZStatusResponse },
  /** The challenge for a new passkey of the signed-in person (a discoverable credential for the app's host). */
  passkeyRegistrationOptions: { response: ZWebAuthnOptions },
  /** The authenticator's answer and the passkey's name: the passkey is added. */
  verifyPasskeyRegistration: { body: ZVerifyPasskeyRegistrationRequest, response: z.looseObject({ id: z.string() }) },
  listPasskeys: { response: z.array(ZPasskey) },
  deletePasskey: { body: ZDeletePasskeyRequest, response: ZStatusResponse },
  /** The challenge for "Sign in with a passkey" (any of the browser's passkeys for this host). */
  passkeySignInOptions: { response: ZWebAuthnOptions },
  /** The passkey's signature: the session opens, both factors passed. */
  verifyPasskeySignIn: {
    body: ZVerifyPasskeyAuthenticationRequest,
    response: z.object({ session: z.looseObject({ id: z.string() }), user: ZAuthUser }),
  },
};
export type BetterAuthSchemas = typeof betterAuthSchemas;
