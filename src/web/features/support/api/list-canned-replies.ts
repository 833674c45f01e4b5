import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { supportKeys } from "./query-keys";
import type { TListCannedRepliesResponse } from "../../../../shared/support";

export const listCannedReplies = (signal?: AbortSignal) =>
  apiFetch<TListCannedRepliesResponse>("/api/staff/canned-replies", { signal });
export const listCannedRepliesQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.canned(), queryFn: ({ signal }) => listCannedReplies(signal) });
export const useCannedReplies = (enabled: boolean) => useQuery({ ...listCannedRepliesQueryOptions(), enabled });
