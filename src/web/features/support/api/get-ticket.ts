import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TGetTicketResponse } from "../../../../shared/support";

export const getTicket = (id: string, signal?: AbortSignal) =>
  apiFetch<TGetTicketResponse>(`/api/tickets/${encodeURIComponent(id)}`, { signal });
export const getTicketQueryOptions = (id: string) =>
  queryOptions({ queryKey: supportKeys.detail(id), queryFn: ({ signal }) => getTicket(id, signal) });
export const useTicket = (id: string) => useQuery(getTicketQueryOptions(id));
