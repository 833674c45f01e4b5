import { queryOptions, useQuery } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";

export const getTicket = (id: string, signal?: AbortSignal) => call(supportOps.getTicket, { params: { id }, signal });
export const getTicketQueryOptions = (id: string) =>
  queryOptions({ queryKey: supportKeys.detail(id), queryFn: ({ signal }) => getTicket(id, signal) });
export const useTicket = (id: string) => useQuery(getTicketQueryOptions(id));
