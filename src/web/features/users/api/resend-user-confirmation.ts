import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersOps } from "../../../../shared/operations/users";
import { call } from "../../../lib/api";
import { userKeys } from "./query-keys";

export const resendUserConfirmation = (userId: string) =>
  call(usersOps.resendUserConfirmation, { params: { id: userId } });
export const useResendUserConfirmation = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendUserConfirmation(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
