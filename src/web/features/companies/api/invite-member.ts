import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyKeys } from "./query-keys";
import type { TInviteMemberRequest, TInviteMemberResponse } from "../../../../shared/companies";

export const inviteMember = (body: TInviteMemberRequest) =>
  apiFetch<TInviteMemberResponse>("/api/company/invitations", { json: body });
export const useInviteMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
};
