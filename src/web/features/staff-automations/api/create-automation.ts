import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyAutomationsPath, staffAutomationKeys, invalidateClientViews } from "./query-keys";
import type { TCreateAutomationRequest } from "../../../../shared/automations";
import type { TCreateAutomationResponse } from "../../../../shared/staff-automations";

export const createAutomation = (companyId: string, body: TCreateAutomationRequest) =>
  apiFetch<TCreateAutomationResponse>(companyAutomationsPath(companyId), { json: body });
export const useCreateAutomation = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAutomationRequest) => createAutomation(companyId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffAutomationKeys.company(companyId) }),
        invalidateClientViews(queryClient, companyId),
      ]),
  });
};
