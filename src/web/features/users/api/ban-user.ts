import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { userKeys } from "./query-keys";
import type { TBanUserRequest, TBanUserResponse } from "../../../../shared/users";

export const banUser = (userId: string, body: TBanUserRequest) =>
  apiFetch<TBanUserResponse>(`/api/staff/users/${encodeURIComponent(userId)}/ban`, { json: body });
export const useBanUser = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBanUserRequest) => banUser(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
