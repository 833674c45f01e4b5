import { loadSession } from "../auth/session";
import type { AppEnv } from "./app-env";
import type { Auth } from "../auth/auth";
import type { Database } from "../db/client";
import type { Context } from "hono";

export interface SessionDeps {
  auth: Auth;
  db: Database;
  maxSessionAgeMs: number;
}

/** The request's session, loaded at most once per request (the read-only check and the guards share it). */
export function requestSession(c: Context<AppEnv>, { auth, db, maxSessionAgeMs }: SessionDeps) {
  const loaded = c.get("loadedSession") as AppEnv["Variables"]["loadedSession"] | undefined;
  if (loaded) return loaded;
  const pending = loadSession(auth, db, c.req.raw.headers, maxSessionAgeMs);
  c.set("loadedSession", pending);
  return pending;
}
