import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TListTicketsResponse } from "../../../../shared/support";

export interface TicketFilter {
  mine: boolean;
  page: number;
}

export const listTickets = (filter: TicketFilter, signal?: AbortSignal) =>
  apiFetch<TListTicketsResponse>(`/api/tickets?mine=${filter.mine}&page=${filter.page}`, { signal });
export const listTicketsQueryOptions = (filter: TicketFilter) =>
  queryOptions({ queryKey: supportKeys.list(filter), queryFn: ({ signal }) => listTickets(filter, signal) });
export const useTickets = (filter: TicketFilter) =>
  useQuery({ ...listTicketsQueryOptions(filter), placeholderData: keepPreviousData });
