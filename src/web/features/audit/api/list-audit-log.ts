import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { auditOps } from "../../../../shared/operations/audit";
import { call } from "../../../lib/api";
import { auditKeys } from "./query-keys";
import type { TListAuditLogQuery } from "../../../../shared/audit";

export const listAuditLog = (filter: TListAuditLogQuery, signal?: AbortSignal) =>
  call(auditOps.listAuditLog, { query: filter, signal });
/** Page after page, older each time ("Show older"), from the newest entries. */
export const listAuditLogQueryOptions = (companyId?: string) =>
  infiniteQueryOptions({
    queryKey: auditKeys.log(companyId),
    queryFn: ({ pageParam, signal }) => listAuditLog({ companyId, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
export const useAuditLog = (companyId?: string) =>
  useInfiniteQuery({ ...listAuditLogQueryOptions(companyId), refetchOnMount: "always" });
