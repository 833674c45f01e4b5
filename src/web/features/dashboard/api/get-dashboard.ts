import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TGetDashboardResponse } from "../../../../shared/dashboard";
import { apiFetch } from "../../../lib/api";

export const getDashboard = (signal?: AbortSignal) => apiFetch<TGetDashboardResponse>("/api/dashboard", { signal });
export const dashboardQueryOptions = () => queryOptions({ queryKey: ["dashboard"], queryFn: ({ signal }) => getDashboard(signal) });
export const useDashboard = () => useQuery(dashboardQueryOptions());
