import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clientDetailOps } from "../../../../shared/operations/client-detail";
import { call } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";

/** Staff take someone out of a client company; they keep their account. */
export const removeMember = (companyId: string, userId: string) =>
  call(clientDetailOps.removeMember, { params: { id: companyId, userId } });
export const useRemoveMember = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(companyId, userId),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
