import { useMutation } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";

/** Better Auth's change-password; every other session of the user is signed out. */
export const changePassword = ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
  call(betterAuthOps.changePassword, { body: { currentPassword, newPassword, revokeOtherSessions: true } });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
