import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { automationKeys } from "./query-keys";
import type { TListRunsResponse } from "../../../../shared/automation-responses";
import type { RunStatus } from "../../../../shared/automations";

export interface RunFilter {
  status?: RunStatus;
  from?: string;
  to?: string;
  /** A page's `olderCursor`: the runs just older than it. */
  before?: string;
  /** A page's `newerCursor`: the runs just newer than it. */
  after?: string;
}

export const listRuns = (id: string, filter: RunFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  for (const key of ["status", "from", "to", "before", "after"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const query = params.size ? `?${params}` : "";
  return apiFetch<TListRunsResponse>(`/api/automations/${encodeURIComponent(id)}/runs${query}`, { signal });
};
export const listRunsQueryOptions = (id: string, filter: RunFilter) =>
  queryOptions({ queryKey: automationKeys.runs(id, filter), queryFn: ({ signal }) => listRuns(id, filter, signal) });
export const useRuns = (id: string, filter: RunFilter, enabled = true) =>
  useQuery({ ...listRunsQueryOptions(id, filter), placeholderData: (previous) => previous, enabled });
