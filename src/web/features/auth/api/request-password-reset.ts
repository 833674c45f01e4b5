import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export const requestPasswordReset = (email: string) =>
  apiFetch<unknown>("/api/auth/request-password-reset", { json: { email, redirectTo: "/reset-password" } });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
