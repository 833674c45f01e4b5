import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TGetAdminOverviewResponse } from "../../../../shared/admin";
import { apiFetch } from "../../../lib/api";
import { adminKeys } from "./query-keys";

export const getAdminOverview = (signal?: AbortSignal) => apiFetch<TGetAdminOverviewResponse>("/api/admin/overview", { signal });
export const getAdminOverviewQueryOptions = () => queryOptions({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getAdminOverview(signal) });
export const useAdminOverview = () => useQuery(getAdminOverviewQueryOptions());
