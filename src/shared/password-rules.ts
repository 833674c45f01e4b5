/**
 * Password rules beyond length (ADR 0005), worded once for the server and the forms. The list of
 * common passwords stays on the server (src/server/auth/common-passwords.ts); forms show its message.
 */
export const COMMON_PASSWORD_MESSAGE = "This password is too common";
export const EMAIL_IN_PASSWORD_MESSAGE = "This password contains your email address";

/** Shorter local parts ("jo@…") are part of too many good passwords to refuse them all. */
const MIN_LOCAL_PART_IN_PASSWORD = 3;

/** Whether the password is, or contains, the part of the email address before the @ (case ignored). */
export function passwordHasEmailLocalPart(password: string, email: string): boolean {
  const at = email.lastIndexOf("@");
  const local = (at > 0 ? email.slice(0, at) : email).toLowerCase();
  if (!local) return false;
  const lowered = password.toLowerCase();
  return lowered === local || (local.length >= MIN_LOCAL_PART_IN_PASSWORD && lowered.includes(local));
}
