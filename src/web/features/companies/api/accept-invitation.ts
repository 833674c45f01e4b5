import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { TAcceptInvitationRequest, TAcceptInvitationResponse } from "../../../../shared/companies";

export const acceptInvitation = (body: TAcceptInvitationRequest) =>
  apiFetch<TAcceptInvitationResponse>("/api/company/invitations/accept", { json: body });
export const useAcceptInvitation = () => {
  const queryClient = useQueryClient();
  // Joining a company changes what every screen shows (the user's company, dashboard, automations): all of it is refetched.
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => queryClient.invalidateQueries() });
};
