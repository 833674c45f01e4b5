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
