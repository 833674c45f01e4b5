import { betterAuthSessionOps } from "../../../../shared/operations/better-auth-session";
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
  call(betterAuthSessionOps.getSession, { query: { disableRefresh: background || undefined }, signal });

let early: Promise<TAuthSessionAnswer> | undefined;
type TAuthSessionAnswer = Awaited<ReturnType<typeof getSession>>;

/**
 * Starts the first session check as the app's script starts, alongside the screen's own chunks
 * rather than after them; the AuthProvider takes its answer (once) for its first check.
 */
export function checkSessionEarly(): Promise<TAuthSessionAnswer> {
  early = getSession();
  // Read by the provider or not at all: a failure here is the provider's to report.
  early.catch(() => undefined);
  return early;
}

/** The early check's answer, the first time it is asked for; afterwards undefined. */
export function takeEarlySessionCheck(): Promise<TAuthSessionAnswer> | undefined {
  const answer = early;
  early = undefined;
  return answer;
}
