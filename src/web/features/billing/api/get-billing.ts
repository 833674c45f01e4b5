import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { TGetBillingResponse } from "../../../../shared/billing-schemas";

export const getBilling = (signal?: AbortSignal) => apiFetch<TGetBillingResponse>("/api/billing", { signal });
export const getBillingQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.own(), queryFn: ({ signal }) => getBilling(signal) });
export const useBilling = (enabled = true) => useQuery({ ...getBillingQueryOptions(), enabled });
