import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { leadsOps } from "../../../../shared/operations/leads";
import { call } from "../../../lib/api";
import { leadKeys } from "./query-keys";
import type { TListLeadsQuery } from "../../../../shared/leads";

export type LeadFilter = Omit<TListLeadsQuery, "page"> & { page: number };

export const listLeads = ({ page, status, q }: LeadFilter, signal?: AbortSignal) =>
  call(leadsOps.listLeads, { query: { page, status, q }, signal });
export const listLeadsQueryOptions = (filter: LeadFilter) =>
  queryOptions({ queryKey: leadKeys.list(filter), queryFn: ({ signal }) => listLeads(filter, signal) });
export const useLeads = (filter: LeadFilter) =>
  useQuery({ ...listLeadsQueryOptions(filter), placeholderData: keepPreviousData });
