import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffAutomationsOps } from "../../../../shared/operations/staff-automations";
import { call } from "../../../lib/api";
import { staffAutomationKeys, invalidateClientViews } from "./query-keys";
import type { TUpdateAutomationRequest } from "../../../../shared/automations";

/** Sends only the fields that changed. */
export const updateAutomation = (companyId: string, automationId: string, body: TUpdateAutomationRequest) =>
  call(staffAutomationsOps.updateAutomation, { params: { id: companyId, automationId }, body });
export const useUpdateAutomation = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateAutomationRequest }) => updateAutomation(companyId, id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffAutomationKeys.company(companyId) }),
        invalidateClientViews(queryClient, companyId),
      ]),
  });
};
