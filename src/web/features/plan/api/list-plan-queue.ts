import { queryOptions, useQuery } from "@tanstack/react-query";
import { planOps } from "../../../../shared/operations/plan";
import { call } from "../../../lib/api";
import { planKeys } from "./query-keys";
import type { PlanFilter } from "./list-plan-items";

/** Staff: every client's items, what waits on the agency longest first. */
export const listPlanQueue = (filter: PlanFilter, signal?: AbortSignal) =>
  call(planOps.listPlanQueue, { query: filter, signal });
export const listPlanQueueQueryOptions = (filter: PlanFilter) =>
  queryOptions({ queryKey: planKeys.queue(filter), queryFn: ({ signal }) => listPlanQueue(filter, signal) });
export const usePlanQueue = (filter: PlanFilter) =>
  useQuery({ ...listPlanQueueQueryOptions(filter), placeholderData: (previous) => previous });
