import { adminRoutes, staffAttentionRoutes, staffEmailsRoutes } from "../modules/admin/admin.routes";
import { auditLogRoutes } from "../modules/audit/audit.routes";
import { companyAutomationKeysRoutes } from "../modules/automations/company-automation-keys.routes";
import { companyAutomationsRoutes } from "../modules/automations/company-automations.routes";
import { clientDetailRoutes } from "../modules/companies/client-detail.routes";
import { clientMembersRoutes } from "../modules/companies/client-members.routes";
import { clientsTableRoutes } from "../modules/companies/clients-table.routes";
import { staffCompaniesRoutes } from "../modules/companies/companies.routes";
import { staffLeadsRoutes } from "../modules/leads/leads.routes";
import { securityLogRoutes } from "../modules/security/security.routes";
import { staffSupportRoutes } from "../modules/support/staff-support.routes";
import { endViewAsRoutes, startViewAsRoutes } from "../modules/view-as/view-as.routes";
import { createRouter } from "./router";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Mailer } from "../mail/outbox";

/** The staff console's endpoints, mounted under /api (every one of them declares `access: "staff"`). */
export function staffRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  return (
    createRouter()
      .route("/admin", adminRoutes(db))
      .route("/admin", securityLogRoutes(db))
      // Before the other company routes: their `/{id}` would take `/export.csv`.
      .route("/staff/companies", clientsTableRoutes({ db }))
      .route("/staff/companies", staffCompaniesRoutes({ db, config, mailer }))
      .route("/staff/companies", clientDetailRoutes({ db }))
      .route("/staff/companies", clientMembersRoutes({ db, config, mailer }))
      .route("/staff/companies", companyAutomationsRoutes({ db }))
      .route("/staff/companies", companyAutomationKeysRoutes({ db }))
      .route("/staff/companies", startViewAsRoutes(db))
      .route("/staff/view-as", endViewAsRoutes(db))
      .route("/staff/automations/attention", staffAttentionRoutes(db))
      .route("/staff/audit-log", auditLogRoutes(db))
      .route("/staff/emails", staffEmailsRoutes({ db, mailer }))
      .route("/staff/leads", staffLeadsRoutes({ db, config, mailer }))
      .route("/staff", staffSupportRoutes(db))
  );
}
