import { billingEndpoints } from "../modules/billing/billing.routes";
import { mrrEndpoints } from "../modules/billing/mrr.routes";
import { staffCompanyBillingEndpoints, staffInvoicesEndpoints } from "../modules/billing/staff-billing.routes";
import { stripeWebhookEndpoints } from "../modules/billing/stripe-webhook.routes";
import { planEndpoints } from "../modules/plan/plan.routes";
import { staffPlanEndpoints } from "../modules/plan/staff-plan.routes";
import { plansEndpoints } from "../modules/plans/plans.routes";
import { staffUsersEndpoints } from "../modules/users/users.routes";
import type { Config } from "../config";
import type { AppEnv } from "./app-env";
import type { Handled } from "./endpoint";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/outbox";
import type { OpenAPIHono } from "@hono/zod-openapi";

/** What the endpoints' handlers are built with. */
export interface EndpointDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  secret: string;
  log: Logger;
}

/**
 * Every endpoint of the API, in one table: the middleware applies their declared rules, the
 * OpenAPI document and the access, CSRF and view-as tests read them (through the document).
 */
export const apiEndpoints = (deps: EndpointDeps): Handled[] => [
  ...staffUsersEndpoints(deps),
  ...plansEndpoints(deps),
  ...planEndpoints(deps),
  ...staffPlanEndpoints(deps),
  ...billingEndpoints(deps),
  ...stripeWebhookEndpoints(deps),
  ...staffCompanyBillingEndpoints(deps),
  ...staffInvoicesEndpoints(deps),
  ...mrrEndpoints(deps),
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
