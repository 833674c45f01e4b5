import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminOps } from "../../../../shared/operations/admin";
import { call } from "../../../lib/api";
import { adminKeys } from "./query-keys";
import type { AttentionKind } from "../../../../shared/admin";

export const listAttentionAutomations = (kind: AttentionKind, page: number, signal?: AbortSignal) =>
  call(adminOps.listAttentionAutomations, { query: { kind, page }, signal });
export const listAttentionAutomationsQueryOptions = (kind: AttentionKind, page: number) =>
  queryOptions({
    queryKey: adminKeys.attention(kind, page),
    queryFn: ({ signal }) => listAttentionAutomations(kind, page, signal),
  });
export const useAttentionAutomations = (kind: AttentionKind, page: number) =>
  useQuery({
    ...listAttentionAutomationsQueryOptions(kind, page),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
