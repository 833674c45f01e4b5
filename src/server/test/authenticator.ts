import { URI, type TOTP } from "otpauth";

/** Posts JSON to a Better Auth path (under /api/auth) with a Cookie header, however the caller reaches the app. */
export type AuthPost = (path: string, body: unknown, cookie: string) => Response | Promise<Response>;

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");

/**
 * Sets up an authenticator app for a signed-in person as the account screen does: the password,
 * then a current code, computed from the otpauth:// address with a real TOTP implementation
 * (otpauth), never read from the server. Staff need one before the staff area opens (ADR 0027).
 * Returns the new session's cookie (confirming the app replaces the session), the app, its recovery
 * codes, and the 30-second step whose code was used (each code works once).
 */
export async function setUpAuthenticator(
  post: AuthPost,
  cookie: string,
  password: string,
): Promise<{ cookie: string; totp: TOTP; recoveryCodes: string[]; usedStep: number }> {
  const enabled = await post("/two-factor/enable", { password }, cookie);
  if (enabled.status !== 200) throw new Error(`2FA set-up answered ${enabled.status}: ${await enabled.text()}`);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const totp = URI.parse(totpURI) as TOTP;
  const now = Date.now();
  const verified = await post("/two-factor/verify-totp", { code: totp.generate({ timestamp: now }) }, cookie);
  if (verified.status !== 200) throw new Error(`2FA code answered ${verified.status}: ${await verified.text()}`);
  return { cookie: cookieOf(verified), totp, recoveryCodes: backupCodes, usedStep: Math.floor(now / 30_000) };
}
