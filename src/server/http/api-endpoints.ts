import { adminEndpoints } from "../modules/admin";
import { auditLogEndpoints } from "../modules/audit";
import {
  automationsEndpoints,
  companyAutomationKeysEndpoints,
  companyAutomationsEndpoints,
} from "../modules/automations";
import {
  billingEndpoints,
  mrrEndpoints,
  staffCompanyBillingEndpoints,
  staffInvoicesEndpoints,
  stripeWebhookEndpoints,
} from "../modules/billing";
import { agencyChannelsEndpoints, companyChannelsEndpoints } from "../modules/channels";
import {
  clientDetailEndpoints,
  clientMembersEndpoints,
  clientsTableEndpoints,
  companyEndpoints,
  staffCompaniesEndpoints,
} from "../modules/companies";
import { connectionsEndpoints } from "../modules/connections";
import { contactEndpoints } from "../modules/contact";
import { clientDashboardEndpoints, dashboardEndpoints } from "../modules/dashboard";
import { docsEndpoints } from "../modules/docs";
import { healthEndpoints, type Readiness } from "../modules/health";
import { hoursEndpoints, staffHoursEndpoints } from "../modules/hours";
import { ingestEndpoints } from "../modules/ingest";
import { staffLeadsEndpoints } from "../modules/leads";
import { meEndpoints } from "../modules/me";
import { notificationPreferencesEndpoints, unsubscribeEndpoints } from "../modules/notifications";
import { planEndpoints, staffPlanEndpoints } from "../modules/plan";
import { pricingEndpoints } from "../modules/pricing";
import { reportsEndpoints, staffReportsEndpoints } from "../modules/reports";
import { securityEndpoints, securityLogEndpoints, sessionSecurityEndpoints } from "../modules/security";
import { inboundEmailEndpoints, staffSupportEndpoints, supportEndpoints } from "../modules/support";
import { staffUsersEndpoints } from "../modules/users";
import { viewAsEndpoints } from "../modules/view-as";
import type { SessionCache } from "../auth/session-cache";
import type { Config } from "../config";
import type { AppEnv } from "./app-env";
import type { Handled } from "./endpoint";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/outbox";
import type { Metrics } from "../metrics/metrics";
import type { DashboardCache } from "../modules/dashboard";
import type { Csrf } from "../security/csrf";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";

/**
 * What the endpoints' handlers are built with. The database is not among them: handlers reach it
 * only through the request's service context (`contextOf(c)`, ADR 0026).
 */
export interface EndpointDeps {
  config: Config;
  mailer: Mailer;
  secret: string;
  log: Logger;
  csrf: Csrf;
  rateLimitingEnforced: boolean;
  clientIp: (c: Context) => string;
  /** The client dashboards' short-lived cache. */
  dashboards: DashboardCache;
  /** The OpenAPI document of these endpoints, made on first request. */
  apiDocument: () => object;
  /** The session-scoped cache of each user's membership (GET /api/me). */
  sessions: SessionCache;
  /** Whether this instance is shutting down, and the migrations it needs (GET /api/ready). */
  readiness: Readiness;
  /** The server's metrics (run reports are counted by outcome). */
  metrics: Metrics;
}

/**
 * Every endpoint of the API, in one table: the middleware applies their declared rules, the
 * OpenAPI document and the access, CSRF and view-as tests read them (through the document).
 */
export const apiEndpoints = (deps: EndpointDeps): Handled[] => [
  ...staffUsersEndpoints(deps),
  ...pricingEndpoints(),
  ...planEndpoints(),
  ...staffPlanEndpoints(),
  ...billingEndpoints(),
  ...hoursEndpoints(),
  ...staffHoursEndpoints(),
  ...companyChannelsEndpoints(),
  ...agencyChannelsEndpoints(),
  ...stripeWebhookEndpoints(deps),
  ...staffCompanyBillingEndpoints(),
  ...reportsEndpoints(),
  ...staffReportsEndpoints(),
  ...staffInvoicesEndpoints(),
  ...mrrEndpoints(),
  ...healthEndpoints(deps),
  ...securityEndpoints(deps),
  ...sessionSecurityEndpoints(),
  ...securityLogEndpoints(),
  ...automationsEndpoints(deps),
  ...companyAutomationsEndpoints(),
  ...connectionsEndpoints(),
  ...companyAutomationKeysEndpoints(),
  ...dashboardEndpoints(deps),
  ...adminEndpoints(deps),
  ...auditLogEndpoints(),
  ...ingestEndpoints(deps),
  ...docsEndpoints(deps),
  ...companyEndpoints(),
  ...staffCompaniesEndpoints(),
  ...clientsTableEndpoints(),
  ...clientDetailEndpoints(),
  ...clientDashboardEndpoints(),
  ...clientMembersEndpoints(),
  ...viewAsEndpoints(),
  ...meEndpoints(deps),
  ...notificationPreferencesEndpoints(),
  ...unsubscribeEndpoints(),
  ...contactEndpoints(),
  ...staffLeadsEndpoints(),
  ...supportEndpoints(),
  ...staffSupportEndpoints(),
  ...inboundEmailEndpoints(deps),
];

/** `/a/{id}` → [static?, …] per segment: a literal segment outranks a parameter at the same place. */
const specificity = (path: string) => path.split("/").map((segment) => (segment.startsWith("{") ? 0 : 1));

function compareSpecificity(a: string, b: string) {
  const [x, y] = [specificity(a), specificity(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return y[i]! - x[i]!;
  return 0;
}

/**
 * Registers endpoints so that no registration order decides who answers: where two paths could
 * both match (`/companies/export.csv` and `/companies/{id}`), the one with the literal segment
 * comes first (the sort is stable, so otherwise the table's order stands).
 */
export function mountEndpoints(router: Pick<OpenAPIHono<AppEnv>, "openapi">, endpoints: Handled[]) {
  const sorted = [...endpoints].sort((a, b) => compareSpecificity(a.route.path, b.route.path));
  for (const { route, handler } of sorted) router.openapi(route, handler);
  return router;
}
