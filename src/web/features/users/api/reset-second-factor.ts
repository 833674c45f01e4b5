import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersOps } from "../../../../shared/operations/users";
import { call } from "../../../lib/api";
import { userKeys } from "./query-keys";

export const resetSecondFactor = (userId: string) => call(usersOps.resetSecondFactor, { params: { id: userId } });
export const useResetSecondFactor = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetSecondFactor(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
