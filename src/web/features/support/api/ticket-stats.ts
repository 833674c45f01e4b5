import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TTicketStatsResponse } from "../../../../shared/support";

export const ticketStats = (signal?: AbortSignal) =>
  apiFetch<TTicketStatsResponse>("/api/staff/tickets/stats", { signal });
export const ticketStatsQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.stats(), queryFn: ({ signal }) => ticketStats(signal) });
export const useTicketStats = () => useQuery(ticketStatsQueryOptions());
