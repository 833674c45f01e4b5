import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersOps } from "../../../../shared/operations/users";
import { call } from "../../../lib/api";
import { userKeys } from "./query-keys";

export const unbanUser = (userId: string) => call(usersOps.unbanUser, { params: { id: userId } });
export const useUnbanUser = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unbanUser(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
