import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ZErrorResponse } from "../../../shared/api-error";
import { SESSION_TIMEOUT_MESSAGE } from "../../../shared/security-posture";
import {
  ZReportSessionTimeoutResponse,
  ZGetCsrfTokenResponse,
  ZGetSecurityPostureResponse,
  ZListSecurityEventsResponse,
  cspReportRequest,
  securityEventsQuery,
} from "../../../shared/security-schemas";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import type { Database } from "../../db/client";
import type { Csrf } from "../../security/csrf";
import { endSession } from "../../auth/session";
import { logSecurityEvent, listSecurityEvents } from "./security-log.service";

/** Normalises the three shapes a CSP report arrives in. */
export function parseCspReport(body: unknown): { directive: string; blockedURI?: string; sourceFile?: string; documentURI?: string } | null {
  const first = Array.isArray(body) ? body[0] : body;
  if (!first || typeof first !== "object") return null;
  const record = first as Record<string, unknown>;
  // application/reports+json: [{ type: "csp-violation", body: { effectiveDirective, blockedURL, … } }]
  if (record.type === "csp-violation" && record.body && typeof record.body === "object") {
    const b = record.body as Record<string, unknown>;
    return toReport(b.effectiveDirective ?? b.violatedDirective, b.blockedURL, b.sourceFile, b.documentURL);
  }
  // application/csp-report: { "csp-report": { "violated-directive", "blocked-uri", … } }
  if (record["csp-report"] && typeof record["csp-report"] === "object") {
    const b = record["csp-report"] as Record<string, unknown>;
    return toReport(b["effective-directive"] ?? b["violated-directive"], b["blocked-uri"], b["source-file"], b["document-uri"]);
  }
  const parsed = cspReportRequest.safeParse(record);
  return parsed.success ? parsed.data : null;
}

function toReport(directive: unknown, blocked: unknown, source: unknown, document: unknown) {
  if (typeof directive !== "string" || !directive.trim()) return null;
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 2000) : undefined);
  return { directive: directive.trim().slice(0, 100), blockedURI: text(blocked), sourceFile: text(source), documentURI: text(document) };
}

const getCsrfToken = endpoint({
  method: "get",
  path: "/csrf",
  access: "public",
  tag: "Security",
  operationId: "getCsrfToken",
  summary: "A CSRF token for this browser's cookies",
  responses: { 200: json(ZGetCsrfTokenResponse, "The token; a nonce cookie is set beside it.") },
});

const getSecurityPosture = endpoint({
  method: "get",
  path: "/security/posture",
  access: "public",
  tag: "Security",
  operationId: "getSecurityPosture",
  summary: "What the server enforces, for the posture banner",
  description: "The banner also reads the Content-Security-Policy header of this very response.",
  responses: { 200: json(ZGetSecurityPostureResponse, "The posture.") },
});

const reportCspViolation = endpoint({
  method: "post",
  path: "/security/csp-report",
  access: "public",
  tag: "Security",
  operationId: "reportCspViolation",
  summary: "Receive a Content-Security-Policy violation report",
  description:
    "Browsers post reports as `application/csp-report`, `application/reports+json` or, from the app, JSON " +
    "`{ directive, blockedURI?, sourceFile?, documentURI? }`; the three shapes are read from the raw body (at most 16 KB).",
  responses: { 204: { description: "Recorded in the security log." }, 400: json(ZErrorResponse, "Not a CSP violation report.") },
  middleware: [bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ message: "The report is too large." }, 413) })],
});

const endTimedOutSession = endpoint({
  method: "post",
  path: "/session-timeout",
  access: "signedIn",
  tag: "Security",
  operationId: "endTimedOutSession",
  summary: "End this session after the browser saw 30 minutes without activity",
  responses: { 200: json(ZReportSessionTimeoutResponse, "Logged as a Session Timeout and ended on the server.") },
});

const listSecurityEventsEndpoint = endpoint({
  method: "get",
  path: "/security-events",
  access: "staff",
  tag: "Security",
  operationId: "listSecurityEvents",
  summary: "The security log, newest first",
  request: { query: securityEventsQuery },
  responses: { 200: json(ZListSecurityEventsResponse, "A page of events.") },
});

export function securityRoutes(deps: { db: Database; csrf: Csrf; rateLimitingEnforced: boolean; clientIp: (c: Context) => string }) {
  const { db, csrf, clientIp } = deps;
  return createRouter()
    .openapi(getCsrfToken, (c) => c.json({ token: csrf.issue(c) }, 200))
    .openapi(getSecurityPosture, (c) => c.json({ csrf: { enforced: true }, rateLimiting: { enforced: deps.rateLimitingEnforced } }, 200))
    .openapi(reportCspViolation, async (c) => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json({ message: "The report must be JSON." }, 400);
      }
      const report = parseCspReport(body);
      if (!report) return c.json({ message: "Not a CSP violation report." }, 400);
      await logSecurityEvent(db, {
        type: "csp_violation",
        message: `CSP Violation: ${report.directive}`,
        ip: clientIp(c),
        path: report.documentURI ? safePath(report.documentURI) : null,
        details: { directive: report.directive, blockedURI: report.blockedURI, sourceFile: report.sourceFile },
      });
      return c.body(null, 204);
    });
}

/** Routes for a signed-in user's own security events (mounted under /api/me). */
export function sessionSecurityRoutes(deps: { db: Database; clientIp: (c: Context) => string }) {
  return createRouter().openapi(endTimedOutSession, async (c) => {
    const user = c.get("user");
    await logSecurityEvent(deps.db, {
      type: "session_timeout",
      message: SESSION_TIMEOUT_MESSAGE,
      userId: user.id,
      email: user.email,
      ip: deps.clientIp(c),
    });
    await endSession(deps.db, c.get("session").id);
    return c.json({ ok: true as const }, 200);
  });
}

/** Staff only (mounted under /api/admin). */
export function securityLogRoutes(db: Database) {
  return createRouter().openapi(listSecurityEventsEndpoint, async (c) => {
    const { type, before } = c.req.valid("query");
    const page = await listSecurityEvents(db, { type, before: before ? new Date(before) : undefined });
    const events = page.events.map(({ aggregateKey: _key, ...event }) => ({ ...event, createdAt: event.createdAt.toISOString() }));
    return c.json({ ...page, events }, 200);
  });
}

function safePath(uri: string): string | null {
  try {
    return new URL(uri).pathname;
  } catch {
    return null;
  }
}
