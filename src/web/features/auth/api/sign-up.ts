import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { browserTimeZone } from "../../../../shared/time-zone-names";
import { call } from "../../../lib/api";
import type { TSignUpRequest } from "../../../../shared/better-auth-requests";

/**
 * Called by the AuthProvider; the account waits for its confirmation link. The browser's time
 * zone goes along: the new company's days and months follow it (its owner can change it later).
 */
export const signUp = (body: TSignUpRequest) =>
  call(betterAuthOps.signUpEmail, {
    // The confirmation link returns to the site root (the seed's rule), or where the form says
    // (an invitation's sign-up: the company's portal).
    body: { timeZone: browserTimeZone(), callbackURL: "/", ...body, name: body.name ?? "" },
  });
