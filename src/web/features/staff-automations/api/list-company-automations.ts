import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyAutomationsPath, staffAutomationKeys } from "./query-keys";
import type { TListCompanyAutomationsResponse } from "../../../../shared/staff-automations";

export const listCompanyAutomations = (companyId: string, signal?: AbortSignal) =>
  apiFetch<TListCompanyAutomationsResponse>(companyAutomationsPath(companyId), { signal });
export const listCompanyAutomationsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: staffAutomationKeys.company(companyId),
    queryFn: ({ signal }) => listCompanyAutomations(companyId, signal),
  });
export const useCompanyAutomations = (companyId: string) => useQuery(listCompanyAutomationsQueryOptions(companyId));
