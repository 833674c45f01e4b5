import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { companyKeys } from "./query-keys";
import type { TGetCompanyResponse } from "../../../../shared/companies";

export const getCompany = (signal?: AbortSignal) => apiFetch<TGetCompanyResponse>("/api/company", { signal });
export const getCompanyQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.overview(), queryFn: ({ signal }) => getCompany(signal) });
export const useCompany = (enabled = true) => useQuery({ ...getCompanyQueryOptions(), enabled });
