import type { TSignUpRequest } from "../../../../shared/auth-schemas";
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

export const authApi = {
  /** `background` checks do not extend the session: only the user's own activity does. */
  getSession: (signal?: AbortSignal, { background = false } = {}) =>
    apiFetch<SessionAnswer | null>(`/api/auth/get-session${background ? "?disableRefresh=true" : ""}`, { signal }),
  signIn: (email: string, password: string) => apiFetch<{ user: AuthUser }>("/api/auth/sign-in/email", { json: { email, password, rememberMe: true } }),
  signUp: (body: TSignUpRequest) => apiFetch<unknown>("/api/auth/sign-up/email", { json: { ...body, name: body.name ?? "", callbackURL: "/" } }),
  signOut: () => apiFetch<unknown>("/api/auth/sign-out", { json: {} }),
  resendConfirmation: (email: string) => apiFetch<unknown>("/api/auth/send-verification-email", { json: { email, callbackURL: "/" } }),
  requestPasswordReset: (email: string) => apiFetch<unknown>("/api/auth/request-password-reset", { json: { email, redirectTo: "/reset-password" } }),
  resetPassword: (token: string, newPassword: string) => apiFetch<unknown>("/api/auth/reset-password", { json: { token, newPassword } }),
};
