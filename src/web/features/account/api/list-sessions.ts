import { queryOptions, useQuery } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";
import { accountKeys } from "./query-keys";
import type { TAuthSession } from "../../../../shared/better-auth";

/** One of the user's sessions, as Better Auth's list-sessions answers it. */
export type AccountSession = TAuthSession;

export const listSessions = (signal?: AbortSignal) => call(betterAuthOps.listSessions, { signal });
export const listSessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => listSessions(signal), staleTime: 0 });
export const useSessions = () => useQuery(listSessionsQueryOptions());
