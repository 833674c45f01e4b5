import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** Better Auth's change-password; every other session of the user is signed out. */
export const changePassword = ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
  apiFetch<unknown>("/api/auth/change-password", { json: { currentPassword, newPassword, revokeOtherSessions: true } });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
