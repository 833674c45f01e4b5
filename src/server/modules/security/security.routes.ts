import { bodyLimit } from "hono/body-limit";
import { ZErrorResponse } from "../../../shared/api-error";
import {
  ZReportSessionTimeoutResponse,
  ZGetCsrfTokenResponse,
  ZGetSecurityPostureResponse,
  ZListSecurityEventsResponse,
  ZListSecurityEventsQuery,
} from "../../../shared/security-schemas";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { AppError } from "../../lib/app-error";
import { recordCspReport } from "./csp-report.service";
import { listSecurityEvents } from "./list-security-events.service";
import { endTimedOutSession } from "./session-timeout.service";
import type { Database } from "../../db/client";
import type { Csrf } from "../../security/csrf";
import type { Context } from "hono";

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
  csrfExempt: "Browsers post these reports themselves, without our token.",
  allowedWhileViewing: "A browser reports what its policy blocked, whatever the session does.",
  summary: "Receive a Content-Security-Policy violation report",
  description:
    "Browsers post reports as `application/csp-report`, `application/reports+json` or, from the app, JSON " +
    "`{ directive, blockedURI?, sourceFile?, documentURI? }`; the three shapes are read from the raw body (at most 16 KB).",
  responses: {
    204: { description: "Recorded in the security log." },
    400: json(ZErrorResponse, "Not a CSP violation report."),
  },
  middleware: [
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => new AppError("PAYLOAD_TOO_LARGE", "The report is too large.").toResponse(),
    }),
  ],
});

const endTimedOutSessionEndpoint = endpoint({
  method: "post",
  path: "/session-timeout",
  access: "signedIn",
  tag: "Security",
  operationId: "endTimedOutSession",
  allowedWhileViewing: "A viewing session times out like any other.",
  summary: "End this session after the browser saw 30 minutes without activity",
  responses: { 200: json(ZReportSessionTimeoutResponse, "Logged as a Session Timeout and ended on the server.") },
});

const listSecurityEventsEndpoint = endpoint({
  method: "get",
  path: "/security-events",
  access: "staff",
  tag: "Security",
  operationId: "listSecurityEvents",
  summary: "The security log, newest first, filtered by type, days, account and address",
  request: { query: ZListSecurityEventsQuery },
  responses: { 200: json(ZListSecurityEventsResponse, "A page of events.") },
});

export function securityRoutes(deps: {
  db: Database;
  csrf: Csrf;
  rateLimitingEnforced: boolean;
  clientIp: (c: Context) => string;
}) {
  const { db, csrf, clientIp } = deps;
  return createRouter()
    .openapi(getCsrfToken, (c) => c.json({ token: csrf.issue(c) }, 200))
    .openapi(getSecurityPosture, (c) =>
      c.json({ csrf: { enforced: true }, rateLimiting: { enforced: deps.rateLimitingEnforced } }, 200),
    )
    .openapi(reportCspViolation, async (c) => {
      await recordCspReport(db, await c.req.text(), clientIp(c));
      return c.body(null, 204);
    });
}

/** Routes for a signed-in user's own security events (mounted under /api/me). */
export function sessionSecurityRoutes(deps: { db: Database; clientIp: (c: Context) => string }) {
  return createRouter().openapi(endTimedOutSessionEndpoint, async (c) => {
    await endTimedOutSession(deps.db, { user: c.get("user"), sessionId: c.get("session").id, ip: deps.clientIp(c) });
    return c.json({ ok: true as const }, 200);
  });
}

/** Staff only (mounted under /api/admin). */
export function securityLogRoutes(db: Database) {
  return createRouter().openapi(listSecurityEventsEndpoint, async (c) =>
    c.json(await listSecurityEvents(db, c.req.valid("query")), 200),
  );
}
