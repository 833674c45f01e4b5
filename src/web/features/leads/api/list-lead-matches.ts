import { useQuery } from "@tanstack/react-query";
import { leadsOps } from "../../../../shared/operations/leads";
import { call } from "../../../lib/api";
import { leadKeys } from "./query-keys";

/** Existing companies the lead may belong to: the convert dialog offers them before a new one. */
export const listLeadMatches = (id: string, signal?: AbortSignal) =>
  call(leadsOps.listLeadMatches, { params: { id }, signal });
export const useLeadMatches = (id: string, enabled: boolean) =>
  useQuery({ queryKey: leadKeys.matches(id), queryFn: ({ signal }) => listLeadMatches(id, signal), enabled });
