import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { securityOps } from "../../../../shared/operations/security";
import { call } from "../../../lib/api";
import { securityKeys } from "./query-keys";
import type { TListSecurityEventsQuery } from "../../../../shared/security";

/** The log's filters; the page is the query's cursor. */
export type SecurityEventFilter = Omit<TListSecurityEventsQuery, "cursor">;

export const listSecurityEvents = (filter: SecurityEventFilter, cursor?: string, signal?: AbortSignal) =>
  call(securityOps.listSecurityEvents, { query: { ...filter, cursor }, signal });
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
