import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { ApiError } from "./api";

type RegistrationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/** The browser's refusals (cancelled, timed out, no passkey) in words a person can act on. */
function readable(error: unknown): ApiError {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
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
export const createPasskey = (options: Record<string, unknown>) =>
  startRegistration({ optionsJSON: options as unknown as RegistrationOptions }).catch((error: unknown) => {
    throw readable(error);
  });

/** Asks the browser for a signature with any of its passkeys for this site (navigator.credentials.get). */
export const signWithPasskey = (options: Record<string, unknown>) =>
  startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions }).catch((error: unknown) => {
    throw readable(error);
  });
