import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffAutomationsOps } from "../../../../shared/operations/staff-automations";
import { call } from "../../../lib/api";
import { staffAutomationKeys, invalidateClientViews } from "./query-keys";
import type { TCreateAutomationRequest } from "../../../../shared/automations";

export const createAutomation = (companyId: string, body: TCreateAutomationRequest) =>
  call(staffAutomationsOps.createAutomation, { params: { id: companyId }, body });
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
