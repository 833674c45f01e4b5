import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffAutomationsOps } from "../../../../shared/operations/staff-automations";
import { call } from "../../../lib/api";
import { staffAutomationKeys, invalidateClientViews } from "./query-keys";

/** Issues a new key (the first, or a rotation: any earlier key stops working at once). The key comes back this once. */
export const issueIngestKey = (companyId: string, automationId: string) =>
  call(staffAutomationsOps.issueIngestKey, { params: { id: companyId, automationId } });
export const useIssueIngestKey = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (automationId: string) => issueIngestKey(companyId, automationId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffAutomationKeys.company(companyId) }),
        invalidateClientViews(queryClient, companyId),
      ]),
  });
};
