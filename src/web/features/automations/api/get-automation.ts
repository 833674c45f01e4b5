import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { automationKeys } from "./query-keys";
import type { TGetAutomationResponse } from "../../../../shared/automation-responses";

export const getAutomation = (id: string, signal?: AbortSignal) =>
  apiFetch<TGetAutomationResponse>(`/api/automations/${encodeURIComponent(id)}`, { signal });
export const getAutomationQueryOptions = (id: string) =>
  queryOptions({ queryKey: automationKeys.detail(id), queryFn: ({ signal }) => getAutomation(id, signal) });
export const useAutomation = (id: string) => useQuery(getAutomationQueryOptions(id));
