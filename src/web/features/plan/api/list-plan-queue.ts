import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { planParams, type PlanFilter } from "./list-plan-items";
import { planKeys } from "./query-keys";
import type { TPlanQueueResponse } from "../../../../shared/plan-responses";

/** Staff: every client's items, what waits on the agency longest first. */
export const listPlanQueue = (filter: PlanFilter, signal?: AbortSignal) =>
  apiFetch<TPlanQueueResponse>(`/api/staff/plan/queue?${planParams(filter)}`, { signal });
export const listPlanQueueQueryOptions = (filter: PlanFilter) =>
  queryOptions({ queryKey: planKeys.queue(filter), queryFn: ({ signal }) => listPlanQueue(filter, signal) });
export const usePlanQueue = (filter: PlanFilter) =>
  useQuery({ ...listPlanQueueQueryOptions(filter), placeholderData: (previous) => previous });
