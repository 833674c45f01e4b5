import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";

/** Called by the AuthProvider, which then reloads the session and tells other tabs. */
export const signIn = (email: string, password: string) =>
  call(betterAuthOps.signInEmail, { body: { email, password, rememberMe: true } });
