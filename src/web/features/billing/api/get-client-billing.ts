import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { TGetBillingResponse } from "../../../../shared/billing-schemas";

export const getClientBilling = (companyId: string, signal?: AbortSignal) =>
  apiFetch<TGetBillingResponse>(`/api/staff/companies/${encodeURIComponent(companyId)}/billing`, { signal });
export const getClientBillingQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: billingKeys.client(companyId),
    queryFn: ({ signal }) => getClientBilling(companyId, signal),
  });
export const useClientBilling = (companyId: string) => useQuery(getClientBillingQueryOptions(companyId));
