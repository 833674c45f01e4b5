import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyAutomationsPath, staffAutomationKeys, invalidateClientViews } from "./query-keys";
import type { TPauseAutomationResponse } from "../../../../shared/staff-automations";

/** Pauses a live automation: no run is expected until it is resumed. */
export const pauseAutomation = (companyId: string, automationId: string) =>
  apiFetch<TPauseAutomationResponse>(`${companyAutomationsPath(companyId, automationId)}/pause`, { method: "POST" });
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
