import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TResendInvitationResponse } from "../../../../shared/client-detail";

/** Staff send an invitation again: a new link and expiry; the old link stops working. */
export const resendInvitation = (companyId: string, invitationId: string) =>
  apiFetch<TResendInvitationResponse>(
    `/api/staff/companies/${encodeURIComponent(companyId)}/invitations/${encodeURIComponent(invitationId)}/resend`,
    { method: "POST" },
  );
export const useResendInvitation = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => resendInvitation(companyId, invitationId),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
