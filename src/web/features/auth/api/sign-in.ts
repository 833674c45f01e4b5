import { apiFetch } from "../../../lib/api";
import type { AuthUser } from "./get-session";

/** Called by the AuthProvider, which then reloads the session and tells other tabs. */
export const signIn = (email: string, password: string) =>
  apiFetch<{ user: AuthUser }>("/api/auth/sign-in/email", { json: { email, password, rememberMe: true } });
