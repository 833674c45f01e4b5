import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";

/** Called by the AuthProvider, which then forgets the user and tells other tabs. */
export const signOut = () => call(betterAuthOps.signOut, { body: {} });
