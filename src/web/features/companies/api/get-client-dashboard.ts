import { queryOptions, useQuery } from "@tanstack/react-query";
import { clientDetailOps } from "../../../../shared/operations/client-detail";
import { call } from "../../../lib/api";
import { clientCompanyKeys } from "./query-keys";

/** Staff: a client company's dashboard figures, as its people see them. */
export const getClientDashboard = (id: string, signal?: AbortSignal) =>
  call(clientDetailOps.getClientDashboard, { params: { id }, signal });
export const getClientDashboardQueryOptions = (id: string) =>
  queryOptions({ queryKey: clientCompanyKeys.dashboard(id), queryFn: ({ signal }) => getClientDashboard(id, signal) });
export const useClientDashboard = (id: string) => useQuery(getClientDashboardQueryOptions(id));
