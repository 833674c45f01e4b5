import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersOps } from "../../../../shared/operations/users";
import { call } from "../../../lib/api";
import { userKeys } from "./query-keys";
import type { TSetUserRoleRequest } from "../../../../shared/users";

export const setUserRole = (userId: string, body: TSetUserRoleRequest) =>
  call(usersOps.setUserRole, { params: { id: userId }, body });
export const useSetUserRole = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSetUserRoleRequest) => setUserRole(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
