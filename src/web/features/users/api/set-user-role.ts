import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { userKeys } from "./query-keys";
import type { TSetUserRoleRequest, TUserActionResponse } from "../../../../shared/users";

export const setUserRole = (userId: string, body: TSetUserRoleRequest) =>
  apiFetch<TUserActionResponse>(`/api/staff/users/${encodeURIComponent(userId)}/role`, { json: body });
export const useSetUserRole = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSetUserRoleRequest) => setUserRole(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
