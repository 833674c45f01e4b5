import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export interface AdminOverview {
  clients: number;
  staff: number;
  unconfirmedUsers: number;
  signUpsLast7Days: number;
  companies: number;
  undeliveredMail: number;
}

export const getAdminOverview = (signal?: AbortSignal) => apiFetch<AdminOverview>("/api/admin/overview", { signal });
export const adminOverviewQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "overview"], queryFn: ({ signal }) => getAdminOverview(signal) });
export const useAdminOverview = () => useQuery(adminOverviewQueryOptions());
