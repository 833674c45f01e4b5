import { queryOptions, useQuery } from "@tanstack/react-query";
import { companiesOps } from "../../../../shared/operations/companies";
import { apiFetch, call } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TListAutomationsResponse, TListRunsResponse } from "../../../../shared/automation-responses";

/** The "which automation?" picker: the company's automations. */
export const listAutomationChoices = (signal?: AbortSignal) =>
  apiFetch<TListAutomationsResponse>("/api/automations", { signal });
/** The "which run?" picker: the automation's latest runs. */
export const listRunChoices = (automationId: string, signal?: AbortSignal) =>
  apiFetch<TListRunsResponse>(`/api/automations/${encodeURIComponent(automationId)}/runs`, { signal });

export const automationChoicesQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.choices(), queryFn: ({ signal }) => listAutomationChoices(signal) });
export const runChoicesQueryOptions = (automationId: string) =>
  queryOptions({
    queryKey: supportKeys.choices(automationId),
    queryFn: ({ signal }) => listRunChoices(automationId, signal),
  });
export const useAutomationChoices = () => useQuery(automationChoicesQueryOptions());
export const useRunChoices = (automationId: string) =>
  useQuery({ ...runChoicesQueryOptions(automationId), enabled: Boolean(automationId) });

/** The watchers picker: the other members of the caller's company. */
export const listMemberChoices = (signal?: AbortSignal) => call(companiesOps.getCompany, { signal });
export const useMemberChoices = () =>
  useQuery({ queryKey: supportKeys.choices("members"), queryFn: ({ signal }) => listMemberChoices(signal) });
