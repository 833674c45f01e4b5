import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardOps } from "../../../../shared/operations/dashboard";
import { call } from "../../../lib/api";
import { dashboardKeys } from "./query-keys";

export const getDashboard = (signal?: AbortSignal) => call(dashboardOps.getDashboard, { signal });
export const getDashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.overview(), queryFn: ({ signal }) => getDashboard(signal) });
export const useDashboard = () => useQuery(getDashboardQueryOptions());
