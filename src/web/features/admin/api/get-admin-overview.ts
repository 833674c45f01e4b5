import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminOps } from "../../../../shared/operations/admin";
import { call } from "../../../lib/api";
import { adminKeys } from "./query-keys";

export const getAdminOverview = (signal?: AbortSignal) => call(adminOps.getAdminOverview, { signal });
export const getAdminOverviewQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getAdminOverview(signal) });
/** Fetched again each time a screen with the figures opens: they change with every run and every lead. */
export const useAdminOverview = () => useQuery({ ...getAdminOverviewQueryOptions(), refetchOnMount: "always" });
