import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyAutomationsPath, staffAutomationKeys, invalidateClientViews } from "./query-keys";
import type { TRevokeIngestKeyResponse } from "../../../../shared/automation-responses";

export const revokeIngestKey = (companyId: string, automationId: string, keyId: string) =>
  apiFetch<TRevokeIngestKeyResponse>(
    `${companyAutomationsPath(companyId, automationId)}/keys/${encodeURIComponent(keyId)}`,
    { method: "DELETE" },
  );
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
