import { apiFetch } from "../../../lib/api";

/** Called by the AuthProvider, which then forgets the user and tells other tabs. */
export const signOut = () => apiFetch<unknown>("/api/auth/sign-out", { json: {} });
