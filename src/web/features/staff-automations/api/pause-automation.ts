import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffAutomationsOps } from "../../../../shared/operations/staff-automations";
import { call } from "../../../lib/api";
import { staffAutomationKeys, invalidateClientViews } from "./query-keys";

/** Pauses a live automation: no run is expected until it is resumed. */
export const pauseAutomation = (companyId: string, automationId: string) =>
  call(staffAutomationsOps.pauseAutomation, { params: { id: companyId, automationId } });
export const usePauseAutomation = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (automationId: string) => pauseAutomation(companyId, automationId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffAutomationKeys.company(companyId) }),
        invalidateClientViews(queryClient, companyId),
      ]),
  });
};
