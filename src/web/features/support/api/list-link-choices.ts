import { queryOptions, useQuery } from "@tanstack/react-query";
import { automationsOps } from "../../../../shared/operations/automations";
import { companiesOps } from "../../../../shared/operations/companies";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";

/** The "which automation?" picker: the company's automations. */
export const listAutomationChoices = (signal?: AbortSignal) => call(automationsOps.listAutomations, { signal });
/** The "which run?" picker: the automation's latest runs. */
export const listRunChoices = (automationId: string, signal?: AbortSignal) =>
  call(automationsOps.listRuns, { params: { id: automationId }, signal });

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
