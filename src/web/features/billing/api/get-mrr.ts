import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { billingKeys } from "./query-keys";
import type { TGetMrrResponse } from "../../../../shared/billing-schemas";

export const getMrr = (signal?: AbortSignal) => apiFetch<TGetMrrResponse>("/api/staff/billing/mrr", { signal });
export const getMrrQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.mrr(), queryFn: ({ signal }) => getMrr(signal) });
export const useMrr = () => useQuery(getMrrQueryOptions());
