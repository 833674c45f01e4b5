import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";

/** Called by the AuthProvider, which then reloads the session and tells other tabs. */
export const signIn = (email: string, password: string) =>
  call(betterAuthOps.signInEmail, { body: { email, password, rememberMe: true } });

/** The second step of a sign-in: a code from the authenticator app or a recovery code. */
export interface SecondFactorStep {
  kind: "app" | "recovery";
  code: string;
  /** "Trust this device for 30 days": this browser skips the step until then. */
  trustDevice: boolean;
}

export const verifySecondFactor = ({ kind, code, trustDevice }: SecondFactorStep) =>
  kind === "app"
    ? call(betterAuthOps.verifyTotp, { body: { code, trustDevice } })
    : call(betterAuthOps.verifyRecoveryCode, { body: { code, trustDevice } });

/** "Sign in with a passkey": the server's challenge, signed by any of the browser's passkeys for this site. */
export async function signInWithPasskey() {
  // The WebAuthn helpers load with the server's options, not with every screen of the app.
  const [options, { signWithPasskey }] = await Promise.all([
    call(betterAuthOps.passkeySignInOptions),
    import("../../../lib/webauthn"),
  ]);
  const response = await signWithPasskey(options);
  return call(betterAuthOps.verifyPasskeySignIn, { body: { response: { ...response } } });
}
