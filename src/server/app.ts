import { Hono, type Context } from "hono";
import { authRoutes } from "./auth/auth.routes";
import { createAccessGuards } from "./http/access-guards";
import { apiEndpoints, mountEndpoints } from "./http/api-endpoints";
import { undeclaredEndpointPolicies } from "./http/endpoint-rules";
import { errorHandler } from "./http/error-handler";
import { openApiDocument } from "./http/openapi-document";
import { createReadCaches } from "./http/read-caches";
import { createRequestPolicies } from "./http/request-policies";
import { cachedSession, isStaffOutsideView, type SessionDeps } from "./http/request-session";
import { createRouter } from "./http/router";
import { devMailboxRoutes } from "./mail/dev-mailbox.routes";
import { metricsRoutes, operationsByRoute, requestMetrics } from "./metrics/metrics.routes";
import { runReportingGuide } from "./modules/ingest";
import { listActivePlans } from "./modules/pricing";
import { logSecurityEvent, type SecurityEventInput } from "./modules/security";
import { clientIp } from "./security/client-ip";
import { createCsrf } from "./security/csrf";
import { securityHeaders } from "./security/headers";
import { loopbackOnly } from "./security/loopback-only";
import { inlineScriptHashes, loadWebPages, webAppRoutes, type WebPages } from "./web-app";
import type { Auth } from "./auth/auth";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { FirstScreenRenderer } from "./first-screen";
import type { AppEnv } from "./http/app-env";
import type { Logger } from "./lib/logger";
import type { Mailer } from "./mail/outbox";
import type { Metrics } from "./metrics/metrics";
import type { Readiness } from "./modules/health";
import type { MailLinks } from "./modules/notifications";
import type { AttachmentStore } from "./modules/support";
import type { OpenAPIHono } from "@hono/zod-openapi";

export interface AppDeps {
  config: Config;
  db: Database;
  auth: Auth;
  secret: string;
  mailer: Mailer;
  log: Logger;
  attachments: AttachmentStore;
  /** Links back to the app in mail, with signed unsubscribe links. */
  links: MailLinks;
  /** Folder of the built SPA; omitted in API-only tests. */
  webRoot?: string;
  /** What GET /api/ready answers from besides the database. */
  readiness: Readiness;
  /** Counted on every answer; read at GET /metrics. */
  metrics: Metrics;
}

export function createApp(deps: AppDeps) {
  const { config, db, auth, mailer, secret, log, attachments, links, webRoot, readiness, metrics } = deps;
  const maxSessionAgeMs = config.SESSION_MAX_AGE_HOURS * 3_600_000;
  const ipOf = (c: Context) => clientIp(c, config.TRUSTED_PROXIES);
  const rateLimitingEnforced = config.RATE_LIMIT === "on";
  const csrf = createCsrf({ secret, secureCookies: config.APP_URL.startsWith("https://") });
  const logEvent = (event: SecurityEventInput) => void logSecurityEvent(db, event);
  const caches = createReadCaches({ auth, db, maxSessionAgeMs });
  const { sessionDeps } = caches;
  const guards = createAccessGuards(sessionDeps);
  const policies = createRequestPolicies({ db, csrf, ipOf, rateLimitingEnforced, sessionDeps });
  const contextDeps = { db, wakeMail: () => mailer.nudge(), app: { config, links, attachments } };
  const api = createRouter().basePath("/api");
  api
    .use(caches.afterWrites)
    // Each endpoint applies its declared rules with these (http/endpoint-rules.ts).
    .use(async (c, next) => {
      c.set("guards", guards);
      c.set("policies", policies);
      c.set("clientIp", ipOf(c));
      c.set("contextDeps", contextDeps);
      await next();
    });
  const apiDocument = (): object => (document ??= describe());
  const endpoints = apiEndpoints({
    config,
    mailer,
    secret,
    log,
    csrf,
    rateLimitingEnforced,
    clientIp: ipOf,
    dashboards: caches.dashboards,
    apiDocument,
    sessions: caches.sessions,
    readiness,
    metrics,
  });
  mountEndpoints(api, endpoints);
  api
    .route("/auth", authRoutes({ auth, db, config, maxSessionAgeMs, csrf, mailer, onSecurityEvent: logEvent }))
    .all("/*", undeclaredEndpointPolicies, (c) =>
      c.json({ message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404),
    );
  // Generated once, on first request, from the endpoints mounted above.
  let document: object | undefined;
  const describe = (): object =>
    openApiDocument(api as OpenAPIHono<AppEnv>, {
      appUrl: config.APP_URL,
      introduction: runReportingGuide({ appUrl: config.APP_URL, ratePerMinute: config.INGEST_RATE_LIMIT_PER_MINUTE }),
    });

  const web = webRoot ? loadWebPages(webRoot) : undefined;
  const app = new Hono()
    .use(requestMetrics(metrics, operationsByRoute(endpoints)))
    .use(async (c, next) => {
      await next();
      // A stopping instance ends each keep-alive connection after its answer, so it can close.
      if (readiness.stopping) c.header("Connection", "close");
    })
    .use(
      securityHeaders({
        https: config.APP_URL.startsWith("https://"),
        scriptHashes: web ? inlineScriptHashes(web) : [],
      }),
    )
    .route("/", api)
    .route("/", metricsRoutes(metrics, config));

  mountPages(app, { config, db, web, sessionDeps, log });
  app.onError(errorHandler({ config, log }));
  return app;
}

/** The dev mailbox (without SMTP, outside production, to this machine only) and the web app's pages. */
function mountPages(
  app: Hono,
  {
    config,
    db,
    web,
    sessionDeps,
    log,
  }: { config: Config; db: Database; web?: WebPages; sessionDeps: SessionDeps; log: Logger },
) {
  // Password-reset and sign-in links live there: only without SMTP, never in production, only to this machine.
  if (config.NODE_ENV !== "production" && !config.SMTP_URL) {
    app
      .use("/dev/mailbox/*", loopbackOnly(config.TRUSTED_PROXIES, "The dev mailbox"))
      .route("/dev/mailbox", devMailboxRoutes(db));
  }
  if (!web) return;
  app.route(
    "/",
    webAppRoutes(web, {
      isSignedIn: async (headers) => (await cachedSession(sessionDeps, headers)) !== null,
      isStaffOutsideView: (headers) => isStaffOutsideView(sessionDeps, headers),
      currentPlans: () => listActivePlans({ db }),
      // The same app, the same checks: a read for the page's HTML is the read the page would make.
      readApi: (url, headers, env) => Promise.resolve(app.request(url, { headers }, env as object)),
      renderFirstScreen: web.firstScreenRenderer && renderedOrLogged(web.firstScreenRenderer, log),
    }),
  );
}

/** A first screen that fails to render is logged, and the browser renders it (the shell is sent). */
const renderedOrLogged =
  (render: FirstScreenRenderer, log: Logger): FirstScreenRenderer =>
  (url, answers, options) =>
    render(url, answers, options).catch((error: unknown) => {
      log.error(`first screen of ${new URL(url).pathname} failed to render`, error);
      return undefined;
    });

export type AppType = ReturnType<typeof createApp>;
