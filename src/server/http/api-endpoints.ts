import { adminEndpoints } from "../modules/admin/admin.routes";
import { auditLogEndpoints } from "../modules/audit/audit.routes";
import {
  automationsEndpoints,
  companyAutomationKeysEndpoints,
  companyAutomationsEndpoints,
} from "../modules/automations";
import { billingEndpoints } from "../modules/billing/billing.routes";
import { mrrEndpoints } from "../modules/billing/mrr.routes";
import { staffCompanyBillingEndpoints, staffInvoicesEndpoints } from "../modules/billing/staff-billing.routes";
import { stripeWebhookEndpoints } from "../modules/billing/stripe-webhook.routes";
import { clientDetailEndpoints } from "../modules/companies/client-detail.routes";
import { clientMembersEndpoints } from "../modules/companies/client-members.routes";
import { clientsTableEndpoints } from "../modules/companies/clients-table.routes";
import { companyEndpoints, staffCompaniesEndpoints } from "../modules/companies/companies.routes";
import { contactEndpoints } from "../modules/contact/contact.routes";
import { dashboardEndpoints } from "../modules/dashboard";
import { docsEndpoints } from "../modules/docs/docs.routes";
import { healthEndpoints } from "../modules/health/health.routes";
import { ingestEndpoints } from "../modules/ingest";
import { staffLeadsEndpoints } from "../modules/leads/leads.routes";
import { meEndpoints } from "../modules/me/me.routes";
import { notificationPreferencesEndpoints, unsubscribeEndpoints } from "../modules/notifications/notifications.routes";
import { planEndpoints } from "../modules/plan/plan.routes";
import { staffPlanEndpoints } from "../modules/plan/staff-plan.routes";
import { pricingEndpoints } from "../modules/pricing/pricing.routes";
import { securityEndpoints, securityLogEndpoints, sessionSecurityEndpoints } from "../modules/security/security.routes";
import { inboundEmailEndpoints } from "../modules/support/inbound-email.routes";
import { staffSupportEndpoints } from "../modules/support/staff-support.routes";
import { supportEndpoints } from "../modules/support/support.routes";
import { staffUsersEndpoints } from "../modules/users/users.routes";
import { viewAsEndpoints } from "../modules/view-as/view-as.routes";
import type { SessionCache } from "../auth/session-cache";
import type { Config } from "../config";
import type { AppEnv } from "./app-env";
import type { Handled } from "./endpoint";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/outbox";
import type { DashboardCache } from "../modules/dashboard";
import type { AttachmentStore } from "../modules/support/attachment-store";
import type { Csrf } from "../security/csrf";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";

/** What the endpoints' handlers are built with. */
export interface EndpointDeps {
  db: Database;
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
  /** Where the tickets' files are stored. */
  attachments: AttachmentStore;
}

/**
 * Every endpoint of the API, in one table: the middleware applies their declared rules, the
 * OpenAPI document and the access, CSRF and view-as tests read them (through the document).
 */
export const apiEndpoints = (deps: EndpointDeps): Handled[] => [
  ...staffUsersEndpoints(deps),
  ...pricingEndpoints(deps),
  ...planEndpoints(deps),
  ...staffPlanEndpoints(deps),
  ...billingEndpoints(deps),
  ...stripeWebhookEndpoints(deps),
  ...staffCompanyBillingEndpoints(deps),
  ...staffInvoicesEndpoints(deps),
  ...mrrEndpoints(deps),
  ...healthEndpoints(),
  ...securityEndpoints(deps),
  ...sessionSecurityEndpoints(deps),
  ...securityLogEndpoints(deps),
  ...automationsEndpoints(deps),
  ...companyAutomationsEndpoints(),
  ...companyAutomationKeysEndpoints(),
  ...dashboardEndpoints(deps),
  ...adminEndpoints(deps),
  ...auditLogEndpoints(deps),
  ...ingestEndpoints(deps),
  ...docsEndpoints(deps),
  ...companyEndpoints(deps),
  ...staffCompaniesEndpoints(deps),
  ...clientsTableEndpoints(deps),
  ...clientDetailEndpoints(deps),
  ...clientMembersEndpoints(deps),
  ...viewAsEndpoints(deps),
  ...meEndpoints(deps),
  ...notificationPreferencesEndpoints(deps),
  ...unsubscribeEndpoints(deps),
  ...contactEndpoints(deps),
  ...staffLeadsEndpoints(),
  ...supportEndpoints(deps),
  ...staffSupportEndpoints(deps),
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
