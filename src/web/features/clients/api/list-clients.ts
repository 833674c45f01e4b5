import { queryOptions, useQuery } from "@tanstack/react-query";
import { clientsOps } from "../../../../shared/operations/clients";
import { call } from "../../../lib/api";
import { clientKeys } from "./query-keys";
import type { TListClientsQuery } from "../../../../shared/clients";

/** What the clients table shows: the same fields as its address (`/clients?q=…&status=…&sort=…&dir=…&page=…`). */
export type ClientsView = Omit<TListClientsQuery, "page" | "pageSize"> & { page?: number };

/** The view as the query, leaving out what is not set (the export takes no page). */
export const clientsViewQuery = ({ q, status, sort, dir, page }: ClientsView) => ({
  q: q?.trim() || undefined,
  status,
  sort,
  dir,
  page: page && page > 1 ? page : undefined,
});

export const listClients = (view: ClientsView, signal?: AbortSignal) =>
  call(clientsOps.listCompanies, { query: clientsViewQuery(view), signal });
export const listClientsQueryOptions = (view: ClientsView) =>
  queryOptions({ queryKey: clientKeys.list(view), queryFn: ({ signal }) => listClients(view, signal) });
export const useClients = (view: ClientsView) =>
  useQuery({ ...listClientsQueryOptions(view), placeholderData: (previous) => previous });
