import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersOps } from "../../../../shared/operations/users";
import { call } from "../../../lib/api";
import { userKeys } from "./query-keys";

export const revokeUserSessions = (userId: string) => call(usersOps.revokeUserSessions, { params: { id: userId } });
export const useRevokeUserSessions = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeUserSessions(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
