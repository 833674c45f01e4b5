import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../../shared/automations";
import { apiFetch } from "../../../lib/api";

export const getDashboard = (signal?: AbortSignal) => apiFetch<Dashboard>("/api/dashboard", { signal });
export const dashboardQueryOptions = () => queryOptions({ queryKey: ["dashboard"], queryFn: ({ signal }) => getDashboard(signal) });
export const useDashboard = () => useQuery(dashboardQueryOptions());
