import { useMutation } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export const requestPasswordReset = (email: string) =>
  call(betterAuthOps.requestPasswordReset, { body: { email, redirectTo: "/reset-password" } });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
