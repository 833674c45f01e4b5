import { readOnlyMessage } from "../../shared/view-as";
import { activeView, viewedCompany } from "../context/active-view";
import { AppError } from "../lib/app-error";
import { sessionBinding } from "../security/csrf";
import { requestSession, type SessionDeps } from "./request-session";
import type { AppEnv } from "./app-env";
import type { MiddlewareHandler } from "hono";

/**
 * Staff viewing a client company see its portal read-only: every write whose endpoint does not
 * declare `allowedWhileViewing` gets this check (http/endpoint-rules.ts), ours and Better Auth's
 * alike (auth/better-auth-endpoints.ts). Requests without a session cookie pass untouched.
 */
export function refuseWhileViewing(deps: SessionDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!sessionBinding(c)) return next();
    const result = await requestSession(c, deps);
    const view = result && activeView(result.user, result.session);
    if (!view) return next();
    const viewed = await viewedCompany({ db: deps.db }, view.companyId);
    throw new AppError("FORBIDDEN", readOnlyMessage(viewed?.name ?? null), { reason: "read-only-view" });
  };
}
