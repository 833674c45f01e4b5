import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { authRoutes } from "./auth/auth.routes";
import { DATABASE_TROUBLE_LOG, databaseTrouble, databaseTroubleError } from "./db/database-unavailable";
import { createAccessGuards } from "./http/access-guards";
import { apiEndpoints, mountEndpoints } from "./http/api-endpoints";
import { undeclaredEndpointPolicies } from "./http/endpoint-rules";
import { openApiDocument } from "./http/openapi-document";
import { createReadCaches } from "./http/read-caches";
import { refuseWhileViewing } from "./http/read-only-view";
import { cachedSession, isStaffOutsideView } from "./http/request-session";
import { createRouter } from "./http/router";
import { AppError } from "./lib/app-error";
import { devMailboxRoutes } from "./mail/dev-mailbox.routes";
import { runReportingGuide } from "./modules/ingest/run-reporting-guide";
import { listActivePlans } from "./modules/plans/plans.service";
import { logSecurityEvent, type SecurityEventInput } from "./modules/security/security-log.service";
import { clientIp } from "./security/client-ip";
import { createCsrf } from "./security/csrf";
import { securityHeaders } from "./security/headers";
import { loopbackOnly } from "./security/loopback-only";
import { rateLimitBy } from "./security/rate-limit";
import { inlineScriptHashes, loadWebPages, webAppRoutes } from "./web-app";
import type { Auth } from "./auth/auth";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { AppEnv } from "./http/app-env";
import type { Logger } from "./lib/logger";
import type { Mailer } from "./mail/outbox";
import type { AttachmentStore } from "./modules/support/attachment-store";
import type { OpenAPIHono } from "@hono/zod-openapi";

export interface AppDeps {
  config: Config;
  db: Database;
  auth: Auth;
  secret: string;
  mailer: Mailer;
  log: Logger;
  attachments: AttachmentStore;
  /** Folder of the built SPA; omitted in API-only tests. */
  webRoot?: string;
}

export function createApp({ config, db, auth, mailer, secret, log, attachments, webRoot }: AppDeps) {
  const maxSessionAgeMs = config.SESSION_MAX_AGE_HOURS * 3_600_000;
  const ipOf = (c: Context) => clientIp(c, config.TRUSTED_PROXIES);
  const rateLimitingEnforced = config.RATE_LIMIT === "on";
  const csrf = createCsrf({ secret, secureCookies: config.APP_URL.startsWith("https://") });
  const refusedCsrf = csrf.requireToken(
    (c) =>
      void logSecurityEvent(db, {
        type: "csrf_refused",
        message: `CSRF token refused on ${c.req.method} ${c.req.path}`,
        ip: ipOf(c),
        path: c.req.path,
      }),
  );
  const logEvent = (event: SecurityEventInput) => void logSecurityEvent(db, event);
  const onRateLimited = (c: Context) =>
    void logSecurityEvent(db, {
      type: "rate_limited",
      message: `Rate limit reached on ${c.req.method} ${c.req.path}`,
      ip: ipOf(c),
      path: c.req.path,
    });
  // Every state-changing call of ours: 60 a minute per client address, across instances.
  const writeLimit = rateLimitBy({
    db,
    enabled: rateLimitingEnforced,
    name: "write",
    rule: { window: 60, max: 60 },
    key: ipOf,
    onRefused: onRateLimited,
  });

  const caches = createReadCaches({ auth, db, maxSessionAgeMs });
  const { sessionDeps } = caches;
  const guards = createAccessGuards(sessionDeps);
  const policies = { csrf: refusedCsrf, writeLimit, refuseWhileViewing: refuseWhileViewing(sessionDeps) };
  const api = createRouter().basePath("/api");
  api
    .use(caches.afterWrites)
    // Each endpoint applies its declared rules with these (http/endpoint-rules.ts).
    .use(async (c, next) => {
      c.set("guards", guards);
      c.set("policies", policies);
      c.set("clientIp", ipOf(c));
      await next();
    });
  const apiDocument = (): object => (document ??= describe());
  mountEndpoints(
    api,
    apiEndpoints({
      db,
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
      attachments,
    }),
  );
  api
    .route("/auth", authRoutes({ auth, db, config, maxSessionAgeMs, csrf, onSecurityEvent: logEvent }))
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
    .use(
      securityHeaders({
        https: config.APP_URL.startsWith("https://"),
        scriptHashes: web ? inlineScriptHashes(web) : [],
      }),
    )
    .route("/", api);

  // Password-reset and sign-in links live there: only without SMTP, never in production, only to this machine.
  if (config.NODE_ENV !== "production" && !config.SMTP_URL) {
    app
      .use("/dev/mailbox/*", loopbackOnly(config.TRUSTED_PROXIES, "The dev mailbox"))
      .route("/dev/mailbox", devMailboxRoutes(db));
  }
  if (web) {
    app.route(
      "/",
      webAppRoutes(web, {
        isSignedIn: async (headers) => (await cachedSession(sessionDeps, headers)) !== null,
        isStaffOutsideView: (headers) => isStaffOutsideView(sessionDeps, headers),
        currentPlans: () => listActivePlans(db),
      }),
    );
  }

  /**
   * Under test, a service's CONFLICT or GONE that its endpoint does not declare fails the test
   * with a 500 saying so: the OpenAPI document promises every answer a client must handle.
   */
  const undeclaredInTests = (c: Context, error: AppError) => {
    const declared = (c as Context<AppEnv>).get("declaredStatuses") as number[] | undefined;
    if (config.NODE_ENV !== "test" || !declared || ![409, 410].includes(error.status)) return undefined;
    if (declared.includes(error.status)) return undefined;
    const message = `${c.req.method} ${c.req.path} answered ${error.status} (${error.code}: ${error.message}), which its endpoint does not declare.`;
    log.error(message);
    return c.json({ message, code: "UNDECLARED_RESPONSE" }, 500);
  };

  app.onError((thrown, c) => {
    if (thrown instanceof HTTPException) return thrown.getResponse();
    // A database that is restarting, unreachable or busy is a passing state, not a bug: 503.
    const trouble = databaseTrouble(thrown);
    if (trouble) log.warn(`${c.req.method} ${c.req.path}: ${DATABASE_TROUBLE_LOG[trouble]}, answered 503`);
    const error = trouble ? databaseTroubleError(trouble) : thrown;
    if (error instanceof AppError) return undeclaredInTests(c, error) ?? error.toResponse();
    log.error("request failed", { method: c.req.method, path: c.req.path, err: error });
    return c.json({ message: "Something went wrong on our side. Please try again in a moment." }, 500);
  });
  return app;
}

export type AppType = ReturnType<typeof createApp>;
