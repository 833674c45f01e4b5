import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** Sets a new password with the token of a reset link; Better Auth signs out every session. */
export const resetPassword = ({ token, newPassword }: { token: string; newPassword: string }) =>
  apiFetch<unknown>("/api/auth/reset-password", { json: { token, newPassword } });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
