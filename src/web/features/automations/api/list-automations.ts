import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AutomationDetail, DisplayStatus } from "../../../../shared/automations";
import { apiFetch } from "../../../lib/api";

export interface AutomationFilter {
  search?: string;
  status?: DisplayStatus;
}

export const listAutomations = (filter: AutomationFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (filter.search) params.set("search", filter.search);
  if (filter.status) params.set("status", filter.status);
  const query = params.toString();
  return apiFetch<{ automations: AutomationDetail[] }>(`/api/automations${query ? `?${query}` : ""}`, { signal });
};
export const automationsQueryOptions = (filter: AutomationFilter) =>
  queryOptions({ queryKey: ["automations", "list", filter], queryFn: ({ signal }) => listAutomations(filter, signal) });
export const useAutomations = (filter: AutomationFilter) => useQuery({ ...automationsQueryOptions(filter), placeholderData: (previous) => previous });
