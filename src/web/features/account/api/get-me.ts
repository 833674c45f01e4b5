import { queryOptions, useQuery } from "@tanstack/react-query";
import { meOps } from "../../../../shared/operations/me";
import { call } from "../../../lib/api";
import { accountKeys } from "./query-keys";

export const getMe = (signal?: AbortSignal) => call(meOps.getMe, { signal });
export const getMeQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => getMe(signal) });
export const useMe = () => useQuery(getMeQueryOptions());
