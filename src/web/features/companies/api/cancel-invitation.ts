import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clientDetailOps } from "../../../../shared/operations/client-detail";
import { call } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";

/** Staff cancel an invitation: its link stops working. */
export const cancelInvitation = (companyId: string, invitationId: string) =>
  call(clientDetailOps.cancelInvitation, { params: { id: companyId, invitationId } });
export const useCancelInvitation = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => cancelInvitation(companyId, invitationId),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
