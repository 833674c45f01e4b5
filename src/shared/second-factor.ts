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

/** Who must pass a second factor before anything but their own account. */
export type SecondFactorDemand = "staff" | "company";

/**
 * Why this session must pass a second factor before anything but the account (its profile, its
 * factors, signing out), or null: staff always (they reach every client's data), and the members
 * of a company whose owner requires it (ADR 0027). The server's access guards and the web's
 * screen guard both ask this.
 */
export function secondFactorDemand(
  user: { role?: string | null; twoFactorEnabled?: boolean | null },
  session: { passkeyVerified?: boolean | null },
  membership: { requireSecondFactor: boolean } | null | undefined,
): SecondFactorDemand | null {
  if (passedSecondFactor(user, session)) return null;
  if (user.role === "admin") return "staff";
  return membership?.requireSecondFactor ? "company" : null;
}
