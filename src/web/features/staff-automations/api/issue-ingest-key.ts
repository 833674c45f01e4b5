import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyAutomationsPath, staffAutomationKeys, invalidateClientViews } from "./query-keys";
import type { TIssueIngestKeyResponse } from "../../../../shared/automation-responses";

/** Issues a new key (the first, or a rotation: any earlier key stops working at once). The key comes back this once. */
export const issueIngestKey = (companyId: string, automationId: string) =>
  apiFetch<TIssueIngestKeyResponse>(`${companyAutomationsPath(companyId, automationId)}/keys`, { method: "POST" });
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
