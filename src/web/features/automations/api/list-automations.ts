import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { automationKeys } from "./query-keys";
import type { TListAutomationsResponse } from "../../../../shared/automation-responses";
import type { DisplayStatus } from "../../../../shared/automations";

export interface AutomationFilter {
  search?: string;
  status?: DisplayStatus;
}

export const listAutomations = (filter: AutomationFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (filter.search) params.set("search", filter.search);
  if (filter.status) params.set("status", filter.status);
  const query = params.toString();
  return apiFetch<TListAutomationsResponse>(`/api/automations${query ? `?${query}` : ""}`, { signal });
};
export const listAutomationsQueryOptions = (filter: AutomationFilter) =>
  queryOptions({ queryKey: automationKeys.list(filter), queryFn: ({ signal }) => listAutomations(filter, signal) });
export const useAutomations = (filter: AutomationFilter) =>
  useQuery({ ...listAutomationsQueryOptions(filter), placeholderData: (previous) => previous });
