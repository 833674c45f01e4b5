import { queryOptions, useQuery } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";

export const getBilling = (signal?: AbortSignal) => call(billingOps.getBilling, { signal });
export const getBillingQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.own(), queryFn: ({ signal }) => getBilling(signal) });
export const useBilling = (enabled = true) => useQuery({ ...getBillingQueryOptions(), enabled });
