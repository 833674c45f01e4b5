import { z } from "zod";
import {
  LIMITS,
  emailField,
  hasControlChars,
  optionalTextField,
  passwordField,
  plainString,
  textField,
} from "./fields";
import { timeZoneField } from "./time-zones";

/** A path or address Better Auth checks against our origin; ours never come near this length. */
export const callbackField = plainString(LIMITS.url);

/** A token from a link or a session list, passed on as is. */
export const tokenField = z
  .string({ error: "Required" })
  .min(1, "Required")
  .max(512)
  .refine((value) => !hasControlChars(value), "Must not contain control characters");

/**
 * Shared by the sign-in screen and the server's checks on Better Auth's endpoints.
 * Every request schema is strict: a key we do not send is refused before Better Auth reads it.
 */
export const ZSignInRequest = z
  .object({
    email: emailField,
    password: z
      .string({ error: "Required" })
      .min(1, "Required")
      .max(128, "String must contain at most 128 character(s)"),
    rememberMe: z.boolean().optional(),
  })
  .strict();
export type TSignInRequest = z.input<typeof ZSignInRequest>;

export const ZSignUpRequest = z
  .object({
    email: emailField,
    password: passwordField,
    name: optionalTextField,
    company: optionalTextField,
    /** The browser's zone, sent by the sign-up form: the new company's days follow it. */
    timeZone: timeZoneField.optional(),
    callbackURL: callbackField.optional(),
    /** The token of the invitation link the form was opened from: the account joins that company. */
    invitationToken: tokenField.optional(),
  })
  .strict();
export type TSignUpRequest = z.input<typeof ZSignUpRequest>;

export const ZEmailOnlyRequest = z
  .object({
    email: emailField,
    callbackURL: callbackField.optional(),
    redirectTo: callbackField.optional(),
  })
  .strict();
export type TEmailOnlyRequest = z.input<typeof ZEmailOnlyRequest>;

export const ZResetPasswordRequest = z
  .object({
    token: tokenField,
    newPassword: passwordField,
  })
  .strict();
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** Form-only: the new password typed twice. */
export const ZResetPasswordForm = z
  .object({ newPassword: passwordField, confirmPassword: z.string().min(1, "Required") })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** Seconds a user waits between two confirmation emails to one address. */
export const RESEND_COOLDOWN_SECONDS = 60;

const imageField = plainString(LIMITS.url).nullable();

/** A signed-in user changing their own profile (Better Auth's /update-user). */
export const ZUpdateUserRequest = z
  .object({
    name: textField.optional(),
    image: imageField.optional(),
  })
  .strict();

/** Calls that take no input (sign-out, revoking the other sessions): an empty object. */
export const ZEmptyRequest = z.object({}).strict();

/** Account settings: the same schemas check the forms and Better Auth's endpoints. */
export const ZUpdateNameRequest = z.object({ name: textField });
export type TUpdateNameRequest = z.input<typeof ZUpdateNameRequest>;

export const ZChangeEmailRequest = z.object({ newEmail: emailField, callbackURL: callbackField.optional() }).strict();
export type TChangeEmailRequest = z.input<typeof ZChangeEmailRequest>;

const currentPassword = z
  .string({ error: "Required" })
  .min(1, "Required")
  .max(128, "String must contain at most 128 character(s)");

export const ZChangePasswordRequest = z
  .object({
    currentPassword,
    newPassword: passwordField,
    revokeOtherSessions: z.boolean().optional(),
  })
  .strict();

export const ZChangePasswordForm = z
  .object({ currentPassword, newPassword: passwordField, confirmPassword: z.string().min(1, "Required") })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;

export const ZRevokeSessionRequest = z.object({ token: tokenField }).strict();

export const ZDeleteUserRequest = z
  .object({ password: currentPassword, callbackURL: callbackField.optional() })
  .strict();

/** Deleting an account asks for the address typed out, as a deliberate act. */
export const ZDeleteAccountForm = (email: string) =>
  z.object({
    confirmEmail: z
      .string()
      .trim()
      .refine((value) => value.toLowerCase() === email.toLowerCase(), {
        message: "Type your email address exactly to confirm",
      }),
    password: currentPassword,
  });
export type TDeleteAccountForm = z.input<ReturnType<typeof ZDeleteAccountForm>>;

/** Six digits from an authenticator app; spaces people type between the groups are dropped. */
export const totpCodeField = z
  .string({ error: "Required" })
  .max(32, "Enter the 6-digit code from your authenticator app")
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** A recovery code as shown ("abcde-12345"); spaces around it are dropped. */
export const recoveryCodeField = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(32, "Enter one of your recovery codes, for example abcde-12345")
  .regex(/^[A-Za-z0-9-]+$/, "Enter one of your recovery codes, for example abcde-12345");

/** Setting up an authenticator app, or new recovery codes: the password, again. */
export const ZPasswordOnlyRequest = z.object({ password: currentPassword }).strict();
export type TPasswordOnlyRequest = z.input<typeof ZPasswordOnlyRequest>;

/** A code from the app: confirming the set-up, or the second step of a sign-in. */
export const ZVerifyTotpRequest = z.object({ code: totpCodeField, trustDevice: z.boolean().optional() }).strict();
export type TVerifyTotpRequest = z.input<typeof ZVerifyTotpRequest>;

/** A recovery code instead of the app's code, at sign-in. */
export const ZVerifyRecoveryCodeRequest = z
  .object({ code: recoveryCodeField, trustDevice: z.boolean().optional() })
  .strict();
export type TVerifyRecoveryCodeRequest = z.input<typeof ZVerifyRecoveryCodeRequest>;

/** Turning the authenticator app off takes the password and a current code. */
export const ZDisableTwoFactorRequest = z.object({ password: currentPassword, code: totpCodeField }).strict();
export type TDisableTwoFactorRequest = z.input<typeof ZDisableTwoFactorRequest>;

/** The name a person gives a passkey, to tell their passkeys apart ("Work laptop"). */
export const passkeyNameField = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Give the passkey a name, for example Work laptop")
  .max(60, "A passkey's name is at most 60 characters");

/** The browser's WebAuthn answer (navigator.credentials), checked by Better Auth's passkey plugin. */
const webAuthnResponse = z.record(z.string(), z.unknown());

/** Adding a passkey: the authenticator's answer to the registration options, and its name. */
export const ZVerifyPasskeyRegistrationRequest = z
  .object({ response: webAuthnResponse, name: passkeyNameField })
  .strict();
export type TVerifyPasskeyRegistrationRequest = z.input<typeof ZVerifyPasskeyRegistrationRequest>;

/** Signing in with a passkey: the authenticator's signature over the sign-in options' challenge. */
export const ZVerifyPasskeyAuthenticationRequest = z.object({ response: webAuthnResponse }).strict();
export type TVerifyPasskeyAuthenticationRequest = z.input<typeof ZVerifyPasskeyAuthenticationRequest>;

/** Removing one of one's passkeys. */
export const ZDeletePasskeyRequest = z.object({ id: z.string().trim().min(1, "Required").max(100) }).strict();
export type TDeletePasskeyRequest = z.input<typeof ZDeletePasskeyRequest>;

/** How long "Trust this device" spares a browser the second step of signing in. */
export const TRUST_DEVICE_DAYS = 30;
/** Recovery codes shown when an authenticator app is set up (and each time they are renewed). */
export const RECOVERY_CODE_COUNT = 10;
