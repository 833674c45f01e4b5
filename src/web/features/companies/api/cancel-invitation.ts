import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TCancelInvitationResponse } from "../../../../shared/client-detail";

/** Staff cancel an invitation: its link stops working. */
export const cancelInvitation = (companyId: string, invitationId: string) =>
  apiFetch<TCancelInvitationResponse>(
    `/api/staff/companies/${encodeURIComponent(companyId)}/invitations/${encodeURIComponent(invitationId)}`,
    { method: "DELETE" },
  );
export const useCancelInvitation = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => cancelInvitation(companyId, invitationId),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
