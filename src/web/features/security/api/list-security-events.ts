import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { securityKeys } from "./query-keys";
import type { SecurityEventType } from "../../../../shared/security-posture";
import type { TListSecurityEventsResponse } from "../../../../shared/security-schemas";

export interface SecurityEventFilter {
  type?: SecurityEventType;
  from?: string;
  to?: string;
  user?: string;
  ip?: string;
}

export const listSecurityEvents = (filter: SecurityEventFilter, cursor?: string, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, cursor })) if (value) params.set(key, value);
  return apiFetch<TListSecurityEventsResponse>(`/api/admin/security-events?${params}`, { signal });
};
/** Newest first; each further page ("Show older") continues from the last event seen. */
export const listSecurityEventsQueryOptions = (filter: SecurityEventFilter) =>
  infiniteQueryOptions({
    queryKey: securityKeys.events(filter),
    queryFn: ({ pageParam, signal }) => listSecurityEvents(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
export const useSecurityEvents = (filter: SecurityEventFilter) =>
  useInfiniteQuery(listSecurityEventsQueryOptions(filter));
