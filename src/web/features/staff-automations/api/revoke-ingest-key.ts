import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffAutomationsOps } from "../../../../shared/operations/staff-automations";
import { call } from "../../../lib/api";
import { staffAutomationKeys, invalidateClientViews } from "./query-keys";

export const revokeIngestKey = (companyId: string, automationId: string, keyId: string) =>
  call(staffAutomationsOps.revokeIngestKey, { params: { id: companyId, automationId, keyId } });
export const useRevokeIngestKey = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ automationId, keyId }: { automationId: string; keyId: string }) =>
      revokeIngestKey(companyId, automationId, keyId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffAutomationKeys.company(companyId) }),
        invalidateClientViews(queryClient, companyId),
      ]),
  });
};
