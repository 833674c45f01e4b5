import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyAutomationsPath, staffAutomationKeys, invalidateClientViews } from "./query-keys";
import type { TRetireAutomationResponse } from "../../../../shared/staff-automations";

/** Retires an automation for good: its keys stop working and it can't be switched back on. */
export const retireAutomation = (companyId: string, automationId: string) =>
  apiFetch<TRetireAutomationResponse>(`${companyAutomationsPath(companyId, automationId)}/retire`, { method: "POST" });
export const useRetireAutomation = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (automationId: string) => retireAutomation(companyId, automationId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffAutomationKeys.company(companyId) }),
        invalidateClientViews(queryClient, companyId),
      ]),
  });
};
