import { z } from "zod";
import { emailField, optionalTextField, passwordField } from "./fields";

/** Shared by the sign-in screen and the server's checks on Better Auth's endpoints. */
export const signInRequest = z.object({
  email: emailField,
  password: z.string({ error: "Required" }).min(1, "Required").max(128, "String must contain at most 128 character(s)"),
  rememberMe: z.boolean().optional(),
});
export type TSignInRequest = z.input<typeof signInRequest>;

export const signUpRequest = z.object({
  email: emailField,
  password: passwordField,
  name: optionalTextField,
  company: optionalTextField,
  callbackURL: z.string().optional(),
});
export type TSignUpRequest = z.input<typeof signUpRequest>;

export const emailOnlyRequest = z.object({
  email: emailField,
  callbackURL: z.string().optional(),
  redirectTo: z.string().optional(),
});
export type TEmailOnlyRequest = z.input<typeof emailOnlyRequest>;

export const resetPasswordRequest = z.object({
  token: z.string({ error: "Required" }).min(1, "Required").max(512),
  newPassword: passwordField,
});
export type TResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** Form-only: the new password typed twice. */
export const resetPasswordForm = z
  .object({ newPassword: passwordField, confirmPassword: z.string().min(1, "Required") })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** Seconds a user waits between two confirmation emails to one address. */
export const RESEND_COOLDOWN_SECONDS = 60;
