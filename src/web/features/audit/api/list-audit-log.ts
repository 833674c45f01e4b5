import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { auditKeys } from "./query-keys";
import type { TListAuditLogResponse } from "../../../../shared/audit";

export const listAuditLog = (filter: { companyId?: string; cursor?: string }, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (filter.companyId) params.set("companyId", filter.companyId);
  if (filter.cursor) params.set("cursor", filter.cursor);
  const query = params.size ? `?${params}` : "";
  return apiFetch<TListAuditLogResponse>(`/api/staff/audit-log${query}`, { signal });
};
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
