import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { clientCompanyKeys } from "./query-keys";
import type { TGetClientCompanyResponse } from "../../../../shared/client-detail";

/** Staff: one client company with its members, pending invitations and counts. */
export const getClientCompany = (id: string, signal?: AbortSignal) =>
  apiFetch<TGetClientCompanyResponse>(`/api/staff/companies/${encodeURIComponent(id)}`, { signal });
export const getClientCompanyQueryOptions = (id: string) =>
  queryOptions({ queryKey: clientCompanyKeys.detail(id), queryFn: ({ signal }) => getClientCompany(id, signal) });
export const useClientCompany = (id: string) => useQuery(getClientCompanyQueryOptions(id));
