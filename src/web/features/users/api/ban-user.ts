import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersOps } from "../../../../shared/operations/users";
import { call } from "../../../lib/api";
import { userKeys } from "./query-keys";
import type { TBanUserRequest } from "../../../../shared/users";

export const banUser = (userId: string, body: TBanUserRequest) =>
  call(usersOps.banUser, { params: { id: userId }, body });
export const useBanUser = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBanUserRequest) => banUser(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
