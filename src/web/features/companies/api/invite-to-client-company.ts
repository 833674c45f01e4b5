import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TInviteMemberRequest, TInviteMemberResponse } from "../../../../shared/companies";

/** Staff invite someone to a client company on its behalf. */
export const inviteToClientCompany = (companyId: string, body: TInviteMemberRequest) =>
  apiFetch<TInviteMemberResponse>(`/api/staff/companies/${encodeURIComponent(companyId)}/invitations`, { json: body });
export const useInviteToClientCompany = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInviteMemberRequest) => inviteToClientCompany(companyId, body),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
