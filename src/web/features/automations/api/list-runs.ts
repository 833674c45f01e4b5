import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { automationKeys } from "./query-keys";
import type { TListRunsResponse } from "../../../../shared/automation-responses";
import type { RunStatus } from "../../../../shared/automations";

export interface RunFilter {
  status?: RunStatus;
  from?: string;
  to?: string;
  page: number;
}

export const listRuns = (id: string, filter: RunFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.status) params.set("status", filter.status);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  return apiFetch<TListRunsResponse>(`/api/automations/${encodeURIComponent(id)}/runs?${params}`, { signal });
};
export const listRunsQueryOptions = (id: string, filter: RunFilter) =>
  queryOptions({ queryKey: automationKeys.runs(id, filter), queryFn: ({ signal }) => listRuns(id, filter, signal) });
export const useRuns = (id: string, filter: RunFilter) =>
  useQuery({ ...listRunsQueryOptions(id, filter), placeholderData: (previous) => previous });
