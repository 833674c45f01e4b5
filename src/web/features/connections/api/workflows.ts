import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { connectionsOps } from "../../../../shared/operations/connections";
import { staffAutomationsOps } from "../../../../shared/operations/staff-automations";
import { call } from "../../../lib/api";
import { connectionKeys, invalidateClientViews } from "./query-keys";
import type { TLinkWorkflowRequest } from "../../../../shared/connections";

/** The workflows of one connection, each with the automation it is linked to, if any. */
export const useWorkflows = (companyId: string, connectionId: string) =>
  useQuery({
    queryKey: connectionKeys.workflows(companyId, connectionId),
    queryFn: ({ signal }) => call(connectionsOps.listWorkflows, { params: { id: companyId, connectionId }, signal }),
  });

/** The company's automations, to choose the one a workflow is linked to. */
export const useCompanyAutomationChoices = (companyId: string) =>
  useQuery({
    queryKey: connectionKeys.automations(companyId),
    queryFn: ({ signal }) => call(staffAutomationsOps.listCompanyAutomations, { params: { id: companyId }, signal }),
  });

/** Links a workflow to an existing automation or to one created from it; the last 30 days are read at once. */
export const useLinkWorkflow = (companyId: string, connectionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLinkWorkflowRequest) =>
      call(connectionsOps.linkWorkflow, { params: { id: companyId, connectionId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionKeys.company(companyId) }),
        queryClient.invalidateQueries({ queryKey: ["staff-automations"] }),
        invalidateClientViews(queryClient, companyId),
      ]),
  });
};

export const useUnlinkWorkflow = (companyId: string, connectionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      call(connectionsOps.unlinkWorkflow, { params: { id: companyId, connectionId, linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.company(companyId) }),
  });
};
