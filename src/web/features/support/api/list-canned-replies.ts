import { queryOptions, useQuery } from "@tanstack/react-query";
import { supportOps } from "../../../../shared/operations/support";
import { call } from "../../../lib/api";
import { supportKeys } from "./query-keys";

export const listCannedReplies = (signal?: AbortSignal) => call(supportOps.listCannedReplies, { signal });
export const listCannedRepliesQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.canned(), queryFn: ({ signal }) => listCannedReplies(signal) });
export const useCannedReplies = (enabled: boolean) => useQuery({ ...listCannedRepliesQueryOptions(), enabled });
