import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";

/**
 * Sends a new confirmation link; the answer is the same whether or not the address has an account.
 * Apart from its mutation hook (resend-confirmation.ts): the app's entry calls it, and would
 * otherwise carry TanStack Query's mutations into every first screen.
 */
export const resendConfirmation = (email: string) =>
  call(betterAuthOps.sendVerificationEmail, { body: { email, callbackURL: "/" } });
