import { queryOptions, useQuery } from "@tanstack/react-query";
import { clientDetailOps } from "../../../../shared/operations/client-detail";
import { call } from "../../../lib/api";
import { clientCompanyKeys } from "./query-keys";

/** Staff: one client company with its members, pending invitations and counts. */
export const getClientCompany = (id: string, signal?: AbortSignal) =>
  call(clientDetailOps.getClientCompany, { params: { id }, signal });
export const getClientCompanyQueryOptions = (id: string) =>
  queryOptions({ queryKey: clientCompanyKeys.detail(id), queryFn: ({ signal }) => getClientCompany(id, signal) });
export const useClientCompany = (id: string) => useQuery(getClientCompanyQueryOptions(id));
