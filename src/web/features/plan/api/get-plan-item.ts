import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { planKeys } from "./query-keys";
import type { TGetPlanItemResponse } from "../../../../shared/plan-responses";

export const getPlanItem = (id: string, signal?: AbortSignal) =>
  apiFetch<TGetPlanItemResponse>(`/api/plan/items/${encodeURIComponent(id)}`, { signal });
export const getPlanItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: planKeys.detail(id), queryFn: ({ signal }) => getPlanItem(id, signal) });
export const usePlanItem = (id: string) => useQuery(getPlanItemQueryOptions(id));
