import { apiFetch } from "../../../lib/api";

/** Better Auth's endpoints, mounted at /api/auth on our own origin. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role?: string | null;
  image?: string | null;
}

export interface AuthSession {
  id: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
}

export interface SessionAnswer {
  user: AuthUser;
  session: AuthSession;
}

/**
 * The current session, or null. Held by the AuthProvider (not the query cache), which checks
 * it on start, on focus and on a timer. `background` checks do not extend the session: only
 * the user's own activity does.
 */
export const getSession = (signal?: AbortSignal, { background = false } = {}) =>
  apiFetch<SessionAnswer | null>(`/api/auth/get-session${background ? "?disableRefresh=true" : ""}`, { signal });
