import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";
import { invalidateClientViews } from "./query-keys";
import type { TInviteMemberRequest } from "../../../../shared/companies";

/** Staff invite someone to a client company on its behalf. */
export const inviteToClientCompany = (companyId: string, body: TInviteMemberRequest) =>
  call(companiesOps.inviteToCompany, { params: { id: companyId }, body });
export const useInviteToClientCompany = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInviteMemberRequest) => inviteToClientCompany(companyId, body),
    onSuccess: () => invalidateClientViews(queryClient, companyId),
  });
};
