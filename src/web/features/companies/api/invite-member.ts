import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";
import { companyKeys } from "./query-keys";
import type { TInviteMemberRequest } from "../../../../shared/companies";

export const inviteMember = (body: TInviteMemberRequest) => call(companiesOps.inviteMember, { body });
export const useInviteMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
};
