import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { clientCompanyKeys } from "./query-keys";
import type { TListAuditLogResponse } from "../../../../shared/audit";

/** One page of a client company's audit log, newest first; `cursor` asks for the older page. */
export const listClientActivity = (companyId: string, cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ companyId });
  if (cursor) params.set("cursor", cursor);
  return apiFetch<TListAuditLogResponse>(`/api/staff/audit-log?${params}`, { signal });
};
export const listClientActivityQueryOptions = (companyId: string) =>
  infiniteQueryOptions({
    queryKey: clientCompanyKeys.activity(companyId),
    queryFn: ({ pageParam, signal }) => listClientActivity(companyId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
export const useClientActivity = (companyId: string) => useInfiniteQuery(listClientActivityQueryOptions(companyId));
