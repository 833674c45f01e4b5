import { loadSession } from "../auth/session";
import { activeView } from "../context/active-view";
import type { AppEnv } from "./app-env";
import type { Auth } from "../auth/auth";
import type { SessionCache } from "../auth/session-cache";
import type { Database } from "../db/client";
import type { Context } from "hono";

export interface SessionDeps {
  auth: Auth;
  db: Database;
  maxSessionAgeMs: number;
  /** This instance's sessions in memory (auth/session-cache.ts). */
  sessions: SessionCache;
}

/** The session of these headers, from this instance's memory when it is still good. */
export const cachedSession = ({ auth, db, maxSessionAgeMs, sessions }: SessionDeps, headers: Headers) =>
  sessions.get(headers, () => loadSession(auth, db, headers, maxSessionAgeMs));

/** Whether these headers carry a staff session that views no client company: a client's pages send it on (ADR 0023). */
export async function isStaffOutsideView(deps: SessionDeps, headers: Headers): Promise<boolean> {
  const signedIn = await cachedSession(deps, headers);
  return signedIn?.user.role === "admin" && !activeView(signedIn.user, signedIn.session);
}

/** The request's session, loaded at most once per request (the read-only check and the guards share it). */
export function requestSession(c: Context<AppEnv>, deps: SessionDeps) {
  const loaded = c.get("loadedSession") as AppEnv["Variables"]["loadedSession"] | undefined;
  if (loaded) return loaded;
  const pending = cachedSession(deps, c.req.raw.headers);
  c.set("loadedSession", pending);
  return pending;
}
