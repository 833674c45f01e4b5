import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { userKeys } from "./query-keys";
import type { TUserActionResponse } from "../../../../shared/users";

export const unbanUser = (userId: string) =>
  apiFetch<TUserActionResponse>(`/api/staff/users/${encodeURIComponent(userId)}/unban`, { method: "POST" });
export const useUnbanUser = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unbanUser(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
