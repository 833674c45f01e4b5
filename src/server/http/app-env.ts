import type { Access } from "../../shared/access";
import type { SessionData, SessionUser } from "../auth/session";
import type { CompanyScope } from "../modules/companies/companies.service";
import type { IngestContext } from "../modules/ingest/authenticate-ingest-key.service";
import type { MiddlewareHandler } from "hono";

export type AccessGuards = Record<Access, MiddlewareHandler<AppEnv>>;

/**
 * What a request carries once its access is checked. Each is set only by the guard of the
 * endpoint's declared access: `user`/`session` for every signed-in level, `scope` for
 * member (the companies the caller may read), `companyId` for owner, `ingest` for ingest keys.
 */
export interface AppVariables {
  guards: AccessGuards;
  /** The caller's address, as the rate limits and the audit log see it. */
  clientIp: string;
  user: SessionUser;
  session: SessionData;
  scope: CompanyScope;
  companyId: string;
  ingest: IngestContext;
}

export type AppEnv = { Variables: AppVariables };
