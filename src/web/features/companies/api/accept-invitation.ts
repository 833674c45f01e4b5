import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAcceptInvitationRequest } from "../../../../shared/automations";
import { apiFetch } from "../../../lib/api";

export const acceptInvitation = (body: TAcceptInvitationRequest) =>
  apiFetch<{ ok: true; companyId: string; companyName: string }>("/api/company/invitations/accept", { json: body });
export const useAcceptInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => queryClient.invalidateQueries() });
};
