import { useMutation, useQueryClient } from "@tanstack/react-query";
import { connectionsOps } from "../../../../shared/operations/connections";
import { call } from "../../../lib/api";
import { automationKeys } from "./query-keys";

/** "Retry in n8n" (staff): n8n runs the failed execution again; the new one arrives as a run marked as its retry. */
export const useRetryRun = (companyId: string, automationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => call(connectionsOps.retryRun, { params: { id: companyId, automationId, runId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
};
