import { queryOptions, useQuery } from "@tanstack/react-query";
import { hoursOps } from "../../../../shared/operations/hours";
import { call } from "../../../lib/api";
import { hoursKeys } from "./query-keys";

export const getHours = (signal?: AbortSignal) => call(hoursOps.getHours, { signal });
export const getHoursQueryOptions = () =>
  queryOptions({ queryKey: hoursKeys.own(), queryFn: ({ signal }) => getHours(signal) });
/** The client's hours this period. */
export const useHours = (enabled = true) => useQuery({ ...getHoursQueryOptions(), enabled });

export const getClientHours = (companyId: string, signal?: AbortSignal) =>
  call(hoursOps.getClientHours, { params: { id: companyId }, signal });
/** Staff: a client's hours this period, every entry with its note. */
export const useClientHours = (companyId: string) =>
  useQuery({ queryKey: hoursKeys.client(companyId), queryFn: ({ signal }) => getClientHours(companyId, signal) });
