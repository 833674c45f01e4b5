import { queryOptions, useQuery } from "@tanstack/react-query";
import { automationsOps } from "../../../../shared/operations/automations";
import { call } from "../../../lib/api";
import { automationKeys } from "./query-keys";

export const getAutomation = (id: string, signal?: AbortSignal) =>
  call(automationsOps.getAutomation, { params: { id }, signal });
export const getAutomationQueryOptions = (id: string) =>
  queryOptions({ queryKey: automationKeys.detail(id), queryFn: ({ signal }) => getAutomation(id, signal) });
export const useAutomation = (id: string) => useQuery(getAutomationQueryOptions(id));
