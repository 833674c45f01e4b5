import type { RequestPolicies } from "./endpoint-rules";
import type { Access } from "../../shared/access";
import type { SessionData, SessionResult, SessionUser } from "../auth/session";
import type { ActiveView } from "../context/active-view";
import type { CompanyScope } from "../context/company-scope";
import type { AppContext, ServiceContext } from "../context/service-context";
import type { Database } from "../db/client";
import type { IngestContext } from "../modules/ingest-keys";
import type { MiddlewareHandler } from "hono";

export type AccessGuards = Record<Access, MiddlewareHandler<AppEnv>>;

/**
 * What a request carries once its access is checked. Each is set only by the guard of the
 * endpoint's declared access: `user`/`session`/`view` for every signed-in level, `scope` for
 * member (the companies the caller may read), `companyId` for owner, `ingest` for ingest keys.
 */
export interface AppVariables {
  guards: AccessGuards;
  /** The statuses the matched endpoint declares (http/endpoint.ts). */
  declaredStatuses: number[];
  /** The checks behind each endpoint's declared rules (http/endpoint-rules.ts). */
  policies: RequestPolicies;
  /** The caller's address, as the rate limits and the audit log see it. */
  clientIp: string;
  user: SessionUser;
  session: SessionData;
  /** The client company a staff session is viewing read-only (modules/view-as), or null. */
  view: ActiveView | null;
  /** The request's session, loaded once (http/request-session.ts). */
  loadedSession: Promise<SessionResult | null>;
  scope: CompanyScope;
  companyId: string;
  ingest: IngestContext;
  /** What each request's service context is made from (set at the API root). */
  contextDeps: { db: Database; wakeMail: () => void; app: AppContext };
  /** The request's service context, once built (http/service-context.ts). */
  serviceContext?: ServiceContext;
}

export type AppEnv = { Variables: AppVariables };
