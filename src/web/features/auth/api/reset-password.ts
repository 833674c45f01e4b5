import { useMutation } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";
import type { TResetPasswordRequest } from "../../../../shared/better-auth-requests";

/** Sets a new password with the token of a reset link; Better Auth signs out every session. */
export const resetPassword = ({ token, newPassword }: TResetPasswordRequest) =>
  call(betterAuthOps.resetPassword, { body: { token, newPassword } });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
