import { z } from "zod";
import { callbackField, tokenField } from "./auth-schemas";
import { emailField, passwordField, textField } from "./fields";

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
