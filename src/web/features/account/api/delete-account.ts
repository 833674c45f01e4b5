import { useMutation } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";

/** Better Auth's delete-user, confirmed by the password. */
export const deleteAccount = (password: string) => call(betterAuthOps.deleteUser, { body: { password } });
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
