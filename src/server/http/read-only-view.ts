import { readOnlyMessage } from "../../shared/view-as";
import { AppError } from "../lib/app-error";
import { activeView, viewedCompany } from "../modules/view-as/active-view";
import { SAFE_METHODS, sessionBinding } from "../security/csrf";
import { requestSession, type SessionDeps } from "./request-session";
import type { AppEnv } from "./app-env";
import type { MiddlewareHandler } from "hono";

/** What a viewing session may still send: end the view, sign out, report its own timeout, or a browser's CSP report. */
const ALLOWED_WHILE_VIEWING = new Set([
  "DELETE /api/staff/view-as",
  "POST /api/auth/sign-out",
  "POST /api/me/security/session-timeout",
  "POST /api/security/csp-report",
]);

/**
 * Staff viewing a client company see its portal read-only: the one place that refuses every
 * state-changing request of a viewing session (403), for our endpoints and Better Auth's alike.
 * Requests without a session cookie, and reads, pass untouched.
 */
export function readOnlyWhileViewing(deps: SessionDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !sessionBinding(c)) return next();
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, "") : c.req.path;
    if (ALLOWED_WHILE_VIEWING.has(`${c.req.method} ${path}`)) return next();
    const result = await requestSession(c, deps);
    const view = result && activeView(result.user, result.session);
    if (!view) return next();
    const viewed = await viewedCompany(deps.db, view.companyId);
    throw new AppError("FORBIDDEN", readOnlyMessage(viewed?.name ?? null), { reason: "read-only-view" });
  };
}
