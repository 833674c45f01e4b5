import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TStaffTicketsResponse } from "../../../../shared/support";

export interface QueueFilter {
  status?: string;
  priority?: string;
  assigneeId?: string;
  companyId?: string;
  breached?: string;
  page: number;
}

export const staffTicketQueue = (filter: QueueFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  return apiFetch<TStaffTicketsResponse>(`/api/staff/tickets?${params}`, { signal });
};
export const staffTicketQueueQueryOptions = (filter: QueueFilter) =>
  queryOptions({ queryKey: supportKeys.queue(filter), queryFn: ({ signal }) => staffTicketQueue(filter, signal) });
export const useStaffTicketQueue = (filter: QueueFilter) =>
  useQuery({ ...staffTicketQueueQueryOptions(filter), placeholderData: keepPreviousData });
