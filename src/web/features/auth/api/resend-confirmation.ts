import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** Sends a new confirmation link; the answer is the same whether or not the address has an account. */
export const resendConfirmation = (email: string) =>
  apiFetch<unknown>("/api/auth/send-verification-email", { json: { email, callbackURL: "/" } });
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
