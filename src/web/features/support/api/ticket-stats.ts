import { queryOptions, useQuery } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";

export const ticketStats = (signal?: AbortSignal) => call(supportOps.staffTicketStats, { signal });
export const ticketStatsQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.stats(), queryFn: ({ signal }) => ticketStats(signal) });
export const useTicketStats = () => useQuery(ticketStatsQueryOptions());
