import { z } from "zod";
import { ROLES } from "./constants";
import { LIMITS, atMost, emailField, optionalTextField, passwordField, textField } from "./fields";

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

const roleField = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(", ")}` });
const imageField = z
  .string({ error: (issue) => (issue.input === undefined ? "Required" : "Expected string, received " + typeof issue.input) })
  .max(2048, atMost(2048))
  .nullable();
const idField = z
  .string({ error: (issue) => (issue.input === undefined ? "Required" : "Expected string, received " + typeof issue.input) })
  .min(1, "Required")
  .max(LIMITS.text, atMost(LIMITS.text));

/** A signed-in user changing their own profile (Better Auth's /update-user). */
export const updateUserRequest = z.object({
  name: textField.optional(),
  image: imageField.optional(),
});
export type TUpdateUserRequest = z.input<typeof updateUserRequest>;

/** Staff creating an account (Better Auth's /admin/create-user). */
export const adminCreateUserRequest = z.object({
  email: emailField,
  password: passwordField.optional(),
  name: optionalTextField,
  role: roleField.optional(),
  data: z.object({ emailVerified: z.boolean().optional() }).strict().optional(),
});
export type TAdminCreateUserRequest = z.input<typeof adminCreateUserRequest>;

/** Staff editing an account (Better Auth's /admin/update-user); bans go through /admin/ban-user. */
export const adminUpdateUserRequest = z.object({
  userId: idField,
  data: z
    .object({
      name: textField.optional(),
      email: emailField.optional(),
      image: imageField.optional(),
      role: roleField.optional(),
      emailVerified: z.boolean().optional(),
    })
    .strict(),
});
export type TAdminUpdateUserRequest = z.input<typeof adminUpdateUserRequest>;
