import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { accountKeys } from "./query-keys";

/** One of the user's sessions, as Better Auth's list-sessions answers it. */
export interface AccountSession {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export const listSessions = (signal?: AbortSignal) => apiFetch<AccountSession[]>("/api/auth/list-sessions", { signal });
export const listSessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => listSessions(signal), staleTime: 0 });
export const useSessions = () => useQuery(listSessionsQueryOptions());
