import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffAutomationsOps } from "../../../../shared/operations/staff-automations";
import { call } from "../../../lib/api";
import { staffAutomationKeys, invalidateClientViews } from "./query-keys";

/** Retires an automation for good: its keys stop working and it can't be switched back on. */
export const retireAutomation = (companyId: string, automationId: string) =>
  call(staffAutomationsOps.retireAutomation, { params: { id: companyId, automationId } });
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
