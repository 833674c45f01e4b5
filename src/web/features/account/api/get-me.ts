import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { accountKeys } from "./query-keys";
import type { TGetMeResponse } from "../../../../shared/me";

export const getMe = (signal?: AbortSignal) => apiFetch<TGetMeResponse>("/api/me", { signal });
export const getMeQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => getMe(signal) });
export const useMe = () => useQuery(getMeQueryOptions());
