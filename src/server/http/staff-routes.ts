import { adminRoutes, staffAttentionRoutes, staffEmailsRoutes } from "../modules/admin/admin.routes";
import { auditLogRoutes } from "../modules/audit/audit.routes";
import { companyAutomationKeysRoutes } from "../modules/automations/company-automation-keys.routes";
import { companyAutomationsRoutes } from "../modules/automations/company-automations.routes";
import { mrrRoutes } from "../modules/billing/mrr.routes";
import { staffCompanyBillingRoutes, staffInvoicesRoutes } from "../modules/billing/staff-billing.routes";
import { staffPlanRoutes } from "../modules/plan/staff-plan.routes";
import { securityLogRoutes } from "../modules/security/security.routes";
import { staffSupportRoutes } from "../modules/support/staff-support.routes";
import { createRouter } from "./router";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Mailer } from "../mail/outbox";

/** The staff console's endpoints, mounted under /api (every one of them declares `access: "staff"`). */
export function staffRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return createRouter()
    .route("/admin", adminRoutes(db))
    .route("/admin", securityLogRoutes(db))
    .route("/staff/companies", companyAutomationsRoutes({ db }))
    .route("/staff/companies", companyAutomationKeysRoutes({ db }))
    .route("/staff/automations/attention", staffAttentionRoutes(db))
    .route("/staff/audit-log", auditLogRoutes(db))
    .route("/staff/emails", staffEmailsRoutes({ db, mailer }))
    .route("/staff/plan", staffPlanRoutes({ db, config, mailer }))
    .route("/staff", staffSupportRoutes(db))
    .route("/staff/companies", staffCompanyBillingRoutes({ db, config, mailer }))
    .route("/staff/invoices", staffInvoicesRoutes({ db, config, mailer }))
    .route("/staff/billing/mrr", mrrRoutes(db));
}
