import { browserTimeZone } from "../../../../shared/time-zone-names";
import { apiFetch } from "../../../lib/api";
import type { TSignUpRequest } from "../../../../shared/auth-schemas";

/**
 * Called by the AuthProvider; the account waits for its confirmation link. The browser's time
 * zone goes along: the new company's days and months follow it (its owner can change it later).
 */
export const signUp = (body: TSignUpRequest) =>
  apiFetch<unknown>("/api/auth/sign-up/email", {
    json: { timeZone: browserTimeZone(), ...body, name: body.name ?? "", callbackURL: "/" },
  });
