import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";
import type { TAuthSession, TAuthUser } from "../../../../shared/better-auth";

/** Better Auth's user and session, as its endpoints at /api/auth on our own origin answer them. */
export type AuthUser = TAuthUser;
export type AuthSession = TAuthSession;

/**
 * The current session, or null. Held by the AuthProvider (not the query cache), which checks
 * it on start, on focus and on a timer. `background` checks do not extend the session: only
 * the user's own activity does.
 */
export const getSession = (signal?: AbortSignal, { background = false } = {}) =>
  call(betterAuthOps.getSession, { query: { disableRefresh: background || undefined }, signal });
