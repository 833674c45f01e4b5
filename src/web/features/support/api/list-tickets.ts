import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";

/** What the ticket list shows: the company's tickets, or only the caller's (`mine`), one page. */
export interface TicketFilter {
  mine: boolean;
  page: number;
}

export const listTickets = (filter: TicketFilter, signal?: AbortSignal) =>
  call(supportOps.listTickets, { query: { mine: filter.mine ? "true" : "false", page: filter.page }, signal });
export const listTicketsQueryOptions = (filter: TicketFilter) =>
  queryOptions({ queryKey: supportKeys.list(filter), queryFn: ({ signal }) => listTickets(filter, signal) });
export const useTickets = (filter: TicketFilter) =>
  useQuery({ ...listTicketsQueryOptions(filter), placeholderData: keepPreviousData });
