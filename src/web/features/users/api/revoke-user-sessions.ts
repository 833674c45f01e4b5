import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { userKeys } from "./query-keys";
import type { TRevokeUserSessionsResponse } from "../../../../shared/users";

export const revokeUserSessions = (userId: string) =>
  apiFetch<TRevokeUserSessionsResponse>(`/api/staff/users/${encodeURIComponent(userId)}/revoke-sessions`, {
    method: "POST",
  });
export const useRevokeUserSessions = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeUserSessions(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
