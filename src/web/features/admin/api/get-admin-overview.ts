import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { adminKeys } from "./query-keys";
import type { TGetAdminOverviewResponse } from "../../../../shared/admin";

export const getAdminOverview = (signal?: AbortSignal) =>
  apiFetch<TGetAdminOverviewResponse>("/api/admin/overview", { signal });
export const getAdminOverviewQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getAdminOverview(signal) });
/** Fetched again each time a screen with the figures opens: they change with every run and every lead. */
export const useAdminOverview = () => useQuery({ ...getAdminOverviewQueryOptions(), refetchOnMount: "always" });
