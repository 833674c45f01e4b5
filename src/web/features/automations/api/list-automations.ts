import { queryOptions, useQuery } from "@tanstack/react-query";
import { automationsOps } from "../../../../shared/operations/automations";
import { call } from "../../../lib/api";
import { automationKeys } from "./query-keys";
import type { TListAutomationsQuery } from "../../../../shared/automations";

/** What the client's list filters by (staff's company filter is the clients screen's). */
export type AutomationFilter = Omit<TListAutomationsQuery, "companyId">;

export const listAutomations = (filter: AutomationFilter, signal?: AbortSignal) =>
  call(automationsOps.listAutomations, { query: filter, signal });
export const listAutomationsQueryOptions = (filter: AutomationFilter) =>
  queryOptions({ queryKey: automationKeys.list(filter), queryFn: ({ signal }) => listAutomations(filter, signal) });
export const useAutomations = (filter: AutomationFilter) =>
  useQuery({ ...listAutomationsQueryOptions(filter), placeholderData: (previous) => previous });
