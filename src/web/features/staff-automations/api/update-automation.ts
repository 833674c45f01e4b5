import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyAutomationsPath, staffAutomationKeys, invalidateClientViews } from "./query-keys";
import type { TUpdateAutomationRequest } from "../../../../shared/automations";
import type { TUpdateAutomationResponse } from "../../../../shared/staff-automations";

/** Sends only the fields that changed. */
export const updateAutomation = (companyId: string, automationId: string, body: TUpdateAutomationRequest) =>
  apiFetch<TUpdateAutomationResponse>(companyAutomationsPath(companyId, automationId), { method: "PATCH", json: body });
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
