import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";
import type { TAcceptInvitationRequest } from "../../../../shared/companies";

export const acceptInvitation = (body: TAcceptInvitationRequest) => call(companiesOps.acceptInvitation, { body });
export const useAcceptInvitation = () => {
  const queryClient = useQueryClient();
  // Joining a company changes what every screen shows (the user's company, dashboard, automations): all of it is refetched.
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => queryClient.invalidateQueries() });
};
