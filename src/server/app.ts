import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { authRoutes } from "./auth/auth.routes";
import type { Auth } from "./auth/auth";
import { loadSession, requireSession } from "./auth/session";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { AppError } from "./lib/app-error";
import type { Logger } from "./lib/logger";
import { devMailboxRoutes } from "./mail/dev-mailbox.routes";
import type { Mailer } from "./mail/outbox";
import { adminRoutes } from "./modules/admin/admin.routes";
import { contactRoutes } from "./modules/contact/contact.routes";
import { automationsRoutes } from "./modules/automations/automations.routes";
import { staffAutomationsRoutes } from "./modules/automations/staff-automations.routes";
import { companyRoutes, staffCompaniesRoutes } from "./modules/companies/companies.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { docsRoutes } from "./modules/ingest/docs.routes";
import { ingestRoutes } from "./modules/ingest/ingest.routes";
import { meRoutes } from "./modules/me/me.routes";
import { plansRoutes } from "./modules/plans/plans.routes";
import { listActivePlans } from "./modules/plans/plans.service";
import { inlineScriptHashes, loadWebPages, webAppRoutes } from "./web-app";
import { securityLogRoutes, securityRoutes, sessionSecurityRoutes } from "./modules/security/security.routes";
import { logSecurityEvent } from "./modules/security/security-log.service";
import { clientIp } from "./security/client-ip";
import { createCsrf } from "./security/csrf";
import { apiBodyLimit } from "./security/body-limit";
import { securityHeaders } from "./security/headers";
import { rateLimitBy } from "./security/rate-limit";

export interface AppDeps {
  config: Config;
  db: Database;
  auth: Auth;
  secret: string;
  mailer: Mailer;
  log: Logger;
  /** Folder of the built SPA; omitted in API-only tests. */
  webRoot?: string;
}

/** Paths that do not take our CSRF token: Better Auth checks origins itself, ingest uses keys, browsers send CSP reports. */
const CSRF_EXEMPT = [/^\/api\/auth\//, /^\/api\/v1\//, /^\/api\/security\/csp-report$/];

export function createApp({ config, db, auth, mailer, secret, log, webRoot }: AppDeps) {
  const maxSessionAgeMs = config.SESSION_MAX_AGE_HOURS * 3_600_000;
  const signedIn = requireSession(auth, db, maxSessionAgeMs);
  const ipOf = (c: Context) => clientIp(c, config.TRUSTED_PROXIES);
  const rateLimitingEnforced = config.RATE_LIMIT === "on";
  const csrf = createCsrf({ secret, secureCookies: config.APP_URL.startsWith("https://") });
  const refusedCsrf = csrf.requireToken((c) =>
    void logSecurityEvent(db, { type: "csrf_refused", message: `CSRF token refused on ${c.req.method} ${c.req.path}`, ip: ipOf(c), path: c.req.path }),
  );
  const onRateLimited = (c: Context) =>
    void logSecurityEvent(db, { type: "rate_limited", message: `Rate limit reached on ${c.req.method} ${c.req.path}`, ip: ipOf(c), path: c.req.path });
  // Every state-changing call of ours: 60 a minute per client address, across instances.
  const writeLimit = rateLimitBy({ db, enabled: rateLimitingEnforced, name: "write", rule: { window: 60, max: 60 }, key: ipOf, onRefused: onRateLimited });

  const api = new Hono()
    .use(apiBodyLimit)
    .use(async (c, next) => (CSRF_EXEMPT.some((pattern) => pattern.test(c.req.path)) ? next() : refusedCsrf(c, next)))
    // Better Auth has its own limits, and the ingest API limits per key.
    .use(async (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" || /^\/api\/(auth|v1)\//.test(c.req.path) ? next() : writeLimit(c, next)))
    .get("/health", async (c) => c.json({ ok: true }))
    .route("/auth", authRoutes({ auth, db, config, maxSessionAgeMs, onSecurityEvent: (event) => void logSecurityEvent(db, event) }))
    .route("/", securityRoutes({ db, csrf, rateLimitingEnforced, clientIp: ipOf }))
    .route("/plans", plansRoutes(db))
    .route("/contact", contactRoutes({ db, config }))
    .use("/me/*", signedIn)
    .route("/me", meRoutes(db))
    .route("/me/security", sessionSecurityRoutes({ db, clientIp: ipOf }))
    .use("/admin/*", signedIn)
    .route("/admin", adminRoutes(db))
    .route("/admin", securityLogRoutes(db))
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

  const web = webRoot ? loadWebPages(webRoot) : undefined;
  const app = new Hono()
    .use(securityHeaders({ https: config.APP_URL.startsWith("https://"), scriptHashes: web ? inlineScriptHashes(web) : [] }))
    .route("/api", api);

  if (config.NODE_ENV !== "production") app.route("/dev/mailbox", devMailboxRoutes(db));
  if (web) {
    app.route(
      "/",
      webAppRoutes(web, {
        isSignedIn: async (headers) => (await loadSession(auth, db, headers, maxSessionAgeMs)) !== null,
        currentPlans: () => listActivePlans(db),
      }),
    );
  }

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    if (error instanceof AppError) {
      const retryAfter = error.options.retryAfterSeconds;
      return c.json(error.toBody(), error.status, retryAfter === undefined ? undefined : { "Retry-After": String(retryAfter) });
    }
    log.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json({ message: "Something went wrong on our side. Please try again in a moment." }, 500);
  });
  return app;
}

export type AppType = ReturnType<typeof createApp>;
