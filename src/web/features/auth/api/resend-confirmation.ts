import { useMutation } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";

/** Sends a new confirmation link; the answer is the same whether or not the address has an account. */
export const resendConfirmation = (email: string) =>
  call(betterAuthOps.sendVerificationEmail, { body: { email, callbackURL: "/" } });
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
