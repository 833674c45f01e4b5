import { queryOptions, useQuery } from "@tanstack/react-query";
import { planOps } from "../../../../shared/operations/plan";
import { call } from "../../../lib/api";
import { planKeys } from "./query-keys";
import type { TListPlanItemsQuery } from "../../../../shared/plan";

/** The plan's filters: by category, priority and (staff) company. */
export type PlanFilter = TListPlanItemsQuery;

export const listPlanItems = (filter: PlanFilter, signal?: AbortSignal) =>
  call(planOps.listPlanItems, { query: filter, signal });
export const listPlanItemsQueryOptions = (filter: PlanFilter) =>
  queryOptions({ queryKey: planKeys.list(filter), queryFn: ({ signal }) => listPlanItems(filter, signal) });
export const usePlanItems = (filter: PlanFilter) =>
  useQuery({ ...listPlanItemsQueryOptions(filter), placeholderData: (previous) => previous });
