import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { accountKeys } from "./query-keys";

/** Signs one of the user's sessions out (Better Auth). */
export const revokeSession = (token: string) =>
  apiFetch<{ status: boolean }>("/api/auth/revoke-session", { json: { token } });
export const useRevokeSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
};
