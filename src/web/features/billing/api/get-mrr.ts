import { queryOptions, useQuery } from "@tanstack/react-query";
import { billingOps } from "../../../../shared/operations/billing";
import { call } from "../../../lib/api";
import { billingKeys } from "./query-keys";

export const getMrr = (signal?: AbortSignal) => call(billingOps.getMrr, { signal });
export const getMrrQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.mrr(), queryFn: ({ signal }) => getMrr(signal) });
export const useMrr = () => useQuery(getMrrQueryOptions());
