import { ApiError } from "./api";
import type { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";

// Loaded when a passkey is used (after the server's options have arrived anyway), not with the
// signed-in screens, whose first download does without it.
const browserWebAuthn = () => import("@simplewebauthn/browser");

type RegistrationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/** The browser's refusals (cancelled, timed out, no passkey) in words a person can act on. */
function readable(error: unknown, webAuthnError: typeof WebAuthnError): ApiError {
  if (error instanceof webAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return new ApiError("This device already holds a passkey for your account.", 0, "PASSKEY_REFUSED");
  }
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
    return new ApiError("The passkey request was cancelled or timed out. Try again.", 0, "PASSKEY_CANCELLED");
  }
  if (error instanceof Error && error.message.includes("does not support WebAuthn")) {
    return new ApiError("This browser cannot use passkeys.", 0, "PASSKEY_UNSUPPORTED");
  }
  return new ApiError("The passkey could not be used. Try again.", 0, "PASSKEY_REFUSED");
}

/** Asks the browser's authenticator for a new passkey (WebAuthn navigator.credentials.create). */
export async function createPasskey(options: Record<string, unknown>) {
  const webAuthn = await browserWebAuthn();
  return webAuthn
    .startRegistration({ optionsJSON: options as unknown as RegistrationOptions })
    .catch((error: unknown) => {
      throw readable(error, webAuthn.WebAuthnError);
    });
}

/** Asks the browser for a signature with any of its passkeys for this site (navigator.credentials.get). */
export async function signWithPasskey(options: Record<string, unknown>) {
  const webAuthn = await browserWebAuthn();
  return webAuthn
    .startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions })
    .catch((error: unknown) => {
      throw readable(error, webAuthn.WebAuthnError);
    });
}
