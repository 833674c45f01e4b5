import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffAutomationsOps } from "../../../../shared/operations/staff-automations";
import { call } from "../../../lib/api";
import { staffAutomationKeys, invalidateClientViews } from "./query-keys";

/** Switches a paused automation back on. */
export const resumeAutomation = (companyId: string, automationId: string) =>
  call(staffAutomationsOps.resumeAutomation, { params: { id: companyId, automationId } });
export const useResumeAutomation = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (automationId: string) => resumeAutomation(companyId, automationId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffAutomationKeys.company(companyId) }),
        invalidateClientViews(queryClient, companyId),
      ]),
  });
};
