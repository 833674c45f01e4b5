import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clientDetailOps } from "../../../../shared/operations/client-detail";
import { call } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";

/** Staff send an invitation again: a new link and expiry; the old link stops working. */
export const resendInvitation = (companyId: string, invitationId: string) =>
  call(clientDetailOps.resendInvitation, { params: { id: companyId, invitationId } });
export const useResendInvitation = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => resendInvitation(companyId, invitationId),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
