import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { leadKeys } from "./query-keys";
import type { LeadStatus, TListLeadsResponse } from "../../../../shared/leads";

export interface LeadFilter {
  status?: LeadStatus;
  q?: string;
  page: number;
}

export const listLeads = (filter: LeadFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  return apiFetch<TListLeadsResponse>(`/api/staff/leads?${params}`, { signal });
};
export const listLeadsQueryOptions = (filter: LeadFilter) =>
  queryOptions({ queryKey: leadKeys.list(filter), queryFn: ({ signal }) => listLeads(filter, signal) });
export const useLeads = (filter: LeadFilter) =>
  useQuery({ ...listLeadsQueryOptions(filter), placeholderData: keepPreviousData });
