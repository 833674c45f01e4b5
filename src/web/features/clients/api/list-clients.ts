import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { clientKeys } from "./query-keys";
import type { ClientSort, CompanyStatus, SortDirection, TListClientsResponse } from "../../../../shared/clients";

/** What the clients table shows: the same fields as its address (`/clients?q=…&status=…&sort=…&dir=…&page=…`). */
export interface ClientsView {
  q?: string;
  status?: CompanyStatus;
  sort?: ClientSort;
  dir?: SortDirection;
  page?: number;
}

/** The view as query parameters, leaving out what is not set (the export takes no page). */
export function clientsViewParams({ q, status, sort, dir, page }: ClientsView): URLSearchParams {
  const params = new URLSearchParams();
  if (q?.trim()) params.set("q", q.trim());
  if (status) params.set("status", status);
  if (sort) params.set("sort", sort);
  if (dir) params.set("dir", dir);
  if (page && page > 1) params.set("page", String(page));
  return params;
}

export const listClients = (view: ClientsView, signal?: AbortSignal) => {
  const query = clientsViewParams(view).toString();
  return apiFetch<TListClientsResponse>(`/api/staff/companies${query ? `?${query}` : ""}`, { signal });
};
export const listClientsQueryOptions = (view: ClientsView) =>
  queryOptions({ queryKey: clientKeys.list(view), queryFn: ({ signal }) => listClients(view, signal) });
export const useClients = (view: ClientsView) =>
  useQuery({ ...listClientsQueryOptions(view), placeholderData: (previous) => previous });
