import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { planKeys } from "./query-keys";
import type { PlanCategory, PlanPriority } from "../../../../shared/plan";
import type { TListPlanItemsResponse } from "../../../../shared/plan-responses";

export interface PlanFilter {
  category?: PlanCategory;
  priority?: PlanPriority;
  companyId?: string;
}

export const planParams = (filter: PlanFilter) => {
  const params = new URLSearchParams();
  if (filter.category) params.set("category", filter.category);
  if (filter.priority) params.set("priority", filter.priority);
  if (filter.companyId) params.set("companyId", filter.companyId);
  return params;
};

export const listPlanItems = (filter: PlanFilter, signal?: AbortSignal) =>
  apiFetch<TListPlanItemsResponse>(`/api/plan/items?${planParams(filter)}`, { signal });
export const listPlanItemsQueryOptions = (filter: PlanFilter) =>
  queryOptions({ queryKey: planKeys.list(filter), queryFn: ({ signal }) => listPlanItems(filter, signal) });
export const usePlanItems = (filter: PlanFilter) =>
  useQuery({ ...listPlanItemsQueryOptions(filter), placeholderData: (previous) => previous });
