import { queryOptions, useQuery } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";
import { companyKeys } from "./query-keys";

export const getCompany = (signal?: AbortSignal) => call(companiesOps.getCompany, { signal });
export const getCompanyQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.overview(), queryFn: ({ signal }) => getCompany(signal) });
export const useCompany = (enabled = true) => useQuery({ ...getCompanyQueryOptions(), enabled });
