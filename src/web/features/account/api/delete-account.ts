import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** Better Auth's delete-user, confirmed by the password. */
export const deleteAccount = (password: string) =>
  apiFetch<{ success: boolean }>("/api/auth/delete-user", { json: { password } });
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
