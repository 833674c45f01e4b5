import { clientDetailRoutes } from "../modules/companies/client-detail.routes";
import { clientMembersRoutes } from "../modules/companies/client-members.routes";
import { clientsTableRoutes } from "../modules/companies/clients-table.routes";
import { staffCompaniesRoutes } from "../modules/companies/companies.routes";
import { staffLeadsRoutes } from "../modules/leads/leads.routes";
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
      // Before the other company routes: their `/{id}` would take `/export.csv`.
      .route("/staff/companies", clientsTableRoutes({ db }))
      .route("/staff/companies", staffCompaniesRoutes({ db, config, mailer }))
      .route("/staff/companies", clientDetailRoutes({ db }))
      .route("/staff/companies", clientMembersRoutes({ db, config, mailer }))
      .route("/staff/companies", startViewAsRoutes(db))
      .route("/staff/view-as", endViewAsRoutes(db))
      .route("/staff/leads", staffLeadsRoutes({ db, config, mailer }))
      .route("/staff", staffSupportRoutes(db))
  );
}
