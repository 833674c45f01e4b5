import { queryOptions, useQuery } from "@tanstack/react-query";
import { staffAutomationsOps } from "../../../../shared/operations/staff-automations";
import { call } from "../../../lib/api";
import { staffAutomationKeys } from "./query-keys";

export const listCompanyAutomations = (companyId: string, signal?: AbortSignal) =>
  call(staffAutomationsOps.listCompanyAutomations, { params: { id: companyId }, signal });
export const listCompanyAutomationsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: staffAutomationKeys.company(companyId),
    queryFn: ({ signal }) => listCompanyAutomations(companyId, signal),
  });
export const useCompanyAutomations = (companyId: string) => useQuery(listCompanyAutomationsQueryOptions(companyId));
