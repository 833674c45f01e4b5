import { queryOptions, useQuery } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";

export const getClientBilling = (companyId: string, signal?: AbortSignal) =>
  call(billingOps.getClientBilling, { params: { id: companyId }, signal });
export const getClientBillingQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: billingKeys.client(companyId),
    queryFn: ({ signal }) => getClientBilling(companyId, signal),
  });
export const useClientBilling = (companyId: string) => useQuery(getClientBillingQueryOptions(companyId));
