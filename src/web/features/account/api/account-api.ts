import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export interface AccountSession {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** Better Auth's account endpoints on our origin. */
export const accountApi = {
  updateName: (name: string) => apiFetch<{ status: boolean }>("/api/auth/update-user", { json: { name } }),
  changeEmail: (newEmail: string) => apiFetch<{ status: boolean }>("/api/auth/change-email", { json: { newEmail, callbackURL: "/account" } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiFetch<unknown>("/api/auth/change-password", { json: { currentPassword, newPassword, revokeOtherSessions: true } }),
  listSessions: (signal?: AbortSignal) => apiFetch<AccountSession[]>("/api/auth/list-sessions", { signal }),
  revokeSession: (token: string) => apiFetch<{ status: boolean }>("/api/auth/revoke-session", { json: { token } }),
  revokeOtherSessions: () => apiFetch<{ status: boolean }>("/api/auth/revoke-other-sessions", { json: {} }),
  deleteAccount: (password: string) => apiFetch<{ success: boolean }>("/api/auth/delete-user", { json: { password } }),
};

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ["account", "sessions"], queryFn: ({ signal }) => accountApi.listSessions(signal), staleTime: 0 });
export const useSessions = () => useQuery(sessionsQueryOptions());
