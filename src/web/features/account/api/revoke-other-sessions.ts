import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { accountKeys } from "./query-keys";

/** Signs out every session of the user but this one (Better Auth). */
export const revokeOtherSessions = () => apiFetch<{ status: boolean }>("/api/auth/revoke-other-sessions", { json: {} });
export const useRevokeOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
};
