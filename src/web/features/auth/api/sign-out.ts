import { betterAuthSessionOps } from "../../../../shared/operations/better-auth-session";
import { call } from "../../../lib/api";

/** Called by the AuthProvider, which then forgets the user and tells other tabs. */
export const signOut = () => call(betterAuthSessionOps.signOut, { body: {} });
