import { queryOptions, useQuery } from "@tanstack/react-query";
import { planOps } from "../../../../shared/operations/plan";
import { call } from "../../../lib/api";
import { planKeys } from "./query-keys";

export const getPlanItem = (id: string, signal?: AbortSignal) => call(planOps.getPlanItem, { params: { id }, signal });
export const getPlanItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: planKeys.detail(id), queryFn: ({ signal }) => getPlanItem(id, signal) });
export const usePlanItem = (id: string) => useQuery(getPlanItemQueryOptions(id));
