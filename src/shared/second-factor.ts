/**
 * Whether a session has passed a second factor: the account has an authenticator app (Better Auth
 * then asks for its code before it opens a session, unless the browser is trusted), or the session
 * was opened with a passkey, or confirmed by adding one (a passkey is both factors at once).
 */
export function passedSecondFactor(
  user: { twoFactorEnabled?: boolean | null },
  session: { passkeyVerified?: boolean | null },
): boolean {
  return Boolean(user.twoFactorEnabled) || Boolean(session.passkeyVerified);
}
