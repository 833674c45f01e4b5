import { logSecurityEvent } from "../modules/security";
import { rateLimitBy } from "../security/rate-limit";
import { refuseWhileViewing } from "./read-only-view";
import type { RequestPolicies } from "./endpoint-rules";
import type { SessionDeps } from "./request-session";
import type { Database } from "../db/client";
import type { Csrf } from "../security/csrf";
import type { Context } from "hono";

/** The checks behind the endpoints' rules, each refusal written to the security log. */
export function createRequestPolicies({
  db,
  csrf,
  ipOf,
  rateLimitingEnforced,
  sessionDeps,
}: {
  db: Database;
  csrf: Csrf;
  ipOf: (c: Context) => string;
  rateLimitingEnforced: boolean;
  sessionDeps: SessionDeps;
}): RequestPolicies {
  const refused = (type: "csrf_refused" | "rate_limited", what: string) => (c: Context) =>
    void logSecurityEvent(db, {
      type,
      message: `${what} on ${c.req.method} ${c.req.path}`,
      ip: ipOf(c),
      path: c.req.path,
    });
  return {
    csrf: csrf.requireToken(refused("csrf_refused", "CSRF token refused")),
    // The "write" class: 60 state-changing calls a minute per client address, across instances.
    writeLimit: rateLimitBy({
      db,
      enabled: rateLimitingEnforced,
      name: "write",
      rule: { window: 60, max: 60 },
      key: ipOf,
      onRefused: refused("rate_limited", "Rate limit reached"),
    }),
    refuseWhileViewing: refuseWhileViewing(sessionDeps),
  };
}
