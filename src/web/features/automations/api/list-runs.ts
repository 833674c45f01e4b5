import { queryOptions, useQuery } from "@tanstack/react-query";
import { automationsOps } from "../../../../shared/operations/automations";
import { call } from "../../../lib/api";
import { automationKeys } from "./query-keys";
import type { TListRunsQuery } from "../../../../shared/automations";

/** Filters, and a page's `olderCursor` as `before` or its `newerCursor` as `after`. */
export type RunFilter = TListRunsQuery;

export const listRuns = (id: string, filter: RunFilter, signal?: AbortSignal) =>
  call(automationsOps.listRuns, { params: { id }, query: filter, signal });
export const listRunsQueryOptions = (id: string, filter: RunFilter) =>
  queryOptions({ queryKey: automationKeys.runs(id, filter), queryFn: ({ signal }) => listRuns(id, filter, signal) });
export const useRuns = (id: string, filter: RunFilter, enabled = true) =>
  useQuery({ ...listRunsQueryOptions(id, filter), placeholderData: (previous) => previous, enabled });
