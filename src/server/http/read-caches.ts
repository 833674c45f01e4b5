import { INACTIVITY_TIMEOUT_MS } from "../../shared/constants";
import { SESSION_UPDATE_AGE_SECONDS } from "../auth/auth";
import { createSessionCache } from "../auth/session-cache";
import { createDashboardCache } from "../modules/dashboard";
import type { AppEnv } from "./app-env";
import type { SessionDeps } from "./request-session";
import type { MiddlewareHandler } from "hono";

/**
 * What one instance keeps in memory for its reads: the sessions it checked (revoked through the
 * session_change log) and the dashboards of the last few seconds. `afterWrites` tells both when
 * a state-changing request has finished here.
 */
export function createReadCaches({ auth, db, maxSessionAgeMs }: Omit<SessionDeps, "sessions">) {
  const sessions = createSessionCache({
    db,
    expiresInMs: INACTIVITY_TIMEOUT_MS,
    updateAgeMs: SESSION_UPDATE_AGE_SECONDS * 1000,
    maxAgeMs: maxSessionAgeMs,
  });
  const dashboards = createDashboardCache();
  const afterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    try {
      await next();
    } finally {
      // A run report changes its company's figures and no session; a CSP report changes neither.
      if (c.req.path.startsWith("/api/v1/")) {
        const ingest = c.get("ingest") as AppEnv["Variables"]["ingest"] | undefined;
        if (ingest) dashboards.forgetCompany(ingest.companyId);
      } else if (c.req.path !== "/api/security/csp-report") {
        sessions.written();
        dashboards.forgetAll();
      }
    }
  };
  const sessionDeps: SessionDeps = { auth, db, maxSessionAgeMs, sessions };
  return { sessions, dashboards, sessionDeps, afterWrites };
}

export type ReadCaches = ReturnType<typeof createReadCaches>;
