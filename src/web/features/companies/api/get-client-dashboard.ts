import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { clientCompanyKeys } from "./query-keys";
import type { TGetDashboardResponse } from "../../../../shared/dashboard";

/** Staff: a client company's dashboard figures, as its people see them. */
export const getClientDashboard = (id: string, signal?: AbortSignal) =>
  apiFetch<TGetDashboardResponse>(`/api/staff/companies/${encodeURIComponent(id)}/dashboard`, { signal });
export const getClientDashboardQueryOptions = (id: string) =>
  queryOptions({ queryKey: clientCompanyKeys.dashboard(id), queryFn: ({ signal }) => getClientDashboard(id, signal) });
export const useClientDashboard = (id: string) => useQuery(getClientDashboardQueryOptions(id));
