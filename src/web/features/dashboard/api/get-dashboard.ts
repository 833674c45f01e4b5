import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { dashboardKeys } from "./query-keys";
import type { TGetDashboardResponse } from "../../../../shared/dashboard";

export const getDashboard = (signal?: AbortSignal) => apiFetch<TGetDashboardResponse>("/api/dashboard", { signal });
export const getDashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.overview(), queryFn: ({ signal }) => getDashboard(signal) });
export const useDashboard = () => useQuery(getDashboardQueryOptions());
