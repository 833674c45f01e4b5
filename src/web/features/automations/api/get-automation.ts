import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AutomationDetail } from "../../../../shared/automations";
import { apiFetch } from "../../../lib/api";

export const getAutomation = (id: string, signal?: AbortSignal) => apiFetch<AutomationDetail>(`/api/automations/${encodeURIComponent(id)}`, { signal });
export const automationQueryOptions = (id: string) => queryOptions({ queryKey: ["automations", "detail", id], queryFn: ({ signal }) => getAutomation(id, signal) });
export const useAutomation = (id: string) => useQuery(automationQueryOptions(id));
