import { timingSafeEqual } from "node:crypto";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { isLoopbackClient } from "../security/loopback-only";
import type { Metrics } from "./metrics";
import type { Config } from "../config";
import type { Handled } from "../http/endpoint";

/** The operations whose refusals count as refused run reports. */
const INGEST_OPERATIONS = new Set(["reportRun", "reportRuns"]);

/** `GET /api/companies/:id` → its operation id, from the endpoint table (Hono's path form). */
export function operationsByRoute(endpoints: Handled[]): Map<string, string> {
  return new Map(
    endpoints.map(({ route }) => [
      `${route.method.toUpperCase()} /api${route.path.replace(/\{(\w+)\}/g, ":$1")}`,
      route.operationId ?? route.path,
    ]),
  );
}

/** A label with few values: the operation of the route that answered, or the kind of request that has none. */
function operationLabel(c: Context, operations: Map<string, string>): string {
  const operation = operations.get(`${c.req.method} ${routePath(c)}`);
  if (operation) return operation;
  if (c.req.path.startsWith("/api/auth/")) return "auth";
  if (c.req.path.startsWith("/api/")) return "api-other";
  return c.req.path === "/metrics" ? "metrics" : "page";
}

/** Counts and times every answer, by operation and status class. */
export function requestMetrics(metrics: Metrics, operations: Map<string, string>): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const operation = operationLabel(c, operations);
    const method = c.req.method;
    const status = c.res.status;
    metrics.httpRequests.inc({ operation, method, status: `${Math.floor(status / 100)}xx` });
    metrics.httpDuration.observe({ operation, method }, (performance.now() - started) / 1000);
    if (INGEST_OPERATIONS.has(operation) && status >= 400 && status !== 409)
      metrics.ingestRefused.inc({ status: String(status) });
  };
}

const tokenMatches = (header: string | undefined, token: string) => {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** `GET /metrics` in Prometheus's text format: to this machine, or with the bearer token METRICS_TOKEN. */
export function metricsRoutes(metrics: Metrics, config: Config) {
  return new Hono().get("/metrics", async (c) => {
    const allowed =
      isLoopbackClient(c, config.TRUSTED_PROXIES) ||
      (config.METRICS_TOKEN !== undefined && tokenMatches(c.req.header("authorization"), config.METRICS_TOKEN));
    if (!allowed)
      return c.json(
        { message: "Metrics are served to this machine, or with the bearer token set in METRICS_TOKEN." },
        403,
      );
    return c.body(await metrics.scrape(), 200, {
      "content-type": metrics.registry.contentType,
      "cache-control": "no-store",
    });
  });
}
