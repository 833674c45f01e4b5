import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TStaffTicketsQuery } from "../../../../shared/support";

/** The queue's filters, as the address holds them, and its page. */
export type QueueFilter = Omit<TStaffTicketsQuery, "page"> & { page: number };

export const staffTicketQueue = (filter: QueueFilter, signal?: AbortSignal) => {
  // Unset filters stay out of the address, as the queue's page 1 does.
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => Boolean(value))) as QueueFilter;
  return call(supportOps.staffTicketQueue, { query, signal });
};
export const staffTicketQueueQueryOptions = (filter: QueueFilter) =>
  queryOptions({ queryKey: supportKeys.queue(filter), queryFn: ({ signal }) => staffTicketQueue(filter, signal) });
export const useStaffTicketQueue = (filter: QueueFilter) =>
  useQuery({ ...staffTicketQueueQueryOptions(filter), placeholderData: keepPreviousData });

/** The clients that have tickets (the client filter's choices), read apart from the pages; not on one client's page. */
export const useTicketCompanies = (enabled: boolean) =>
  useQuery({
    queryKey: supportKeys.companies(),
    queryFn: ({ signal }) => call(supportOps.staffTicketCompanies, { signal }),
    enabled,
  });
