import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TInviteMemberRequest } from "../../../../shared/automations";
import { apiFetch } from "../../../lib/api";

export const inviteMember = (body: TInviteMemberRequest) => apiFetch<{ email: string; expiresAt: string }>("/api/company/invitations", { json: body });
export const useInviteMember = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: ["company"] }) });
};
