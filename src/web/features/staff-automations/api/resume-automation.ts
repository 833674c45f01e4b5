import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyAutomationsPath, staffAutomationKeys, invalidateClientViews } from "./query-keys";
import type { TResumeAutomationResponse } from "../../../../shared/staff-automations";

/** Switches a paused automation back on. */
export const resumeAutomation = (companyId: string, automationId: string) =>
  apiFetch<TResumeAutomationResponse>(`${companyAutomationsPath(companyId, automationId)}/resume`, { method: "POST" });
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
