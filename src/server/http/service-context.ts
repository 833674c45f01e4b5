import { createServiceContext, type Actor, type ServiceContext } from "../context/service-context";
import type { AppEnv } from "./app-env";
import type { CompanyScope } from "../context/company-scope";
import type { Context } from "hono";

/**
 * The request's service context, built on first use after the endpoint's access guard ran
 * (which put the user and the scope on the request) and reused for the rest of the request.
 */
export function contextOf(c: Context<AppEnv>): ServiceContext {
  const built = c.get("serviceContext");
  if (built) return built;
  const ctx = createServiceContext({
    ...c.get("contextDeps"),
    actor: requestActor(c),
    scope: requestScope(c),
  });
  c.set("serviceContext", ctx);
  return ctx;
}

/** The context of a signed-in endpoint: its actor is known to be set. */
export const actorContextOf = (c: Context<AppEnv>) => contextOf(c) as ServiceContext<Actor>;

function requestActor(c: Context<AppEnv>): Actor | null {
  const user = c.get("user");
  if (!user) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role ?? null, ip: c.get("clientIp") ?? null };
}

/** Member endpoints carry the scope their guard resolved; owner endpoints their company; staff every company. */
function requestScope(c: Context<AppEnv>): CompanyScope {
  const scope = c.get("scope");
  if (scope) return scope;
  const companyId = c.get("companyId");
  if (companyId) return { all: false, companyId, ...(c.get("view") ? { viewing: true as const } : {}) };
  if (c.get("user")?.role === "admin") return { all: true };
  return { all: false, companyId: null };
}
