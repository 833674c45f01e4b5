import { betterAuthSessionOps } from "../../../../shared/operations/better-auth-session";
import { call } from "../../../lib/api";

/**
 * Sends a new confirmation link; the answer is the same whether or not the address has an account.
 * Apart from its mutation hook (resend-confirmation.ts): the app's entry calls it, and would
 * otherwise carry TanStack Query's mutations into every first screen.
 */
export const resendConfirmation = (email: string) =>
  call(betterAuthSessionOps.sendVerificationEmail, { body: { email, callbackURL: "/" } });
