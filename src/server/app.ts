import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { authRoutes } from "./auth/auth.routes";
import type { Auth } from "./auth/auth";
import { requireSession } from "./auth/session";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./lib/logger";
import { devMailboxRoutes } from "./mail/dev-mailbox.routes";
import type { Mailer } from "./mail/outbox";
import { adminRoutes } from "./modules/admin/admin.routes";
import { automationsRoutes } from "./modules/automations/automations.routes";
import { staffAutomationsRoutes } from "./modules/automations/staff-automations.routes";
import { companyRoutes, staffCompaniesRoutes } from "./modules/companies/companies.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { docsRoutes } from "./modules/ingest/docs.routes";
import { ingestRoutes } from "./modules/ingest/ingest.routes";
import { meRoutes } from "./modules/me/me.routes";
import { webAppRoutes } from "./web-app";

export interface AppDeps {
  config: Config;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  log: Logger;
  /** Folder of the built SPA; omitted in API-only tests. */
  webRoot?: string;
}

export function createApp({ config, db, auth, mailer, log, webRoot }: AppDeps) {
  const signedIn = requireSession(auth);

  const api = new Hono()
    .get("/health", async (c) => c.json({ ok: true }))
    .route("/auth", authRoutes({ auth, db, config }))
    .use("/me/*", signedIn)
    .route("/me", meRoutes(db))
    .use("/admin/*", signedIn)
    .route("/admin", adminRoutes(db))
    .use("/automations/*", signedIn)
    .route("/automations", automationsRoutes({ db, config, mailer }))
    .use("/dashboard/*", signedIn)
    .route("/dashboard", dashboardRoutes(db))
    .use("/company/*", signedIn)
    .route("/company", companyRoutes({ db, config, mailer }))
    .use("/staff/*", signedIn)
    .route("/staff/automations", staffAutomationsRoutes({ db }))
    .route("/staff/companies", staffCompaniesRoutes({ db, config, mailer }))
    // Authenticated by each automation's ingest key, not by cookies.
    .route("/v1", ingestRoutes({ db, config, mailer }))
    .route("/docs", docsRoutes(config))
    .all("/*", (c) => c.json({ message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404));

  const app = new Hono().route("/api", api);

  if (config.NODE_ENV !== "production") app.route("/dev/mailbox", devMailboxRoutes(db));
  if (webRoot) app.route("/", webAppRoutes(webRoot));

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    log.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json({ message: "Something went wrong on our side. Please try again in a moment." }, 500);
  });
  return app;
}

export type AppType = ReturnType<typeof createApp>;
