import { bodyLimit } from "hono/body-limit";
import { securityOps } from "../../../shared/operations/security";
import { securitySchemas } from "../../../shared/security";
import { errorResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { AppError } from "../../lib/app-error";
import { recordCspReport } from "./csp-report.service";
import { listSecurityEvents } from "./list-security-events.service";
import { endTimedOutSession } from "./session-timeout.service";
import type { Csrf } from "../../security/csrf";
import type { Context } from "hono";

const getCsrfToken = operationEndpoint({
  operation: securityOps.getCsrfToken,
  schemas: securitySchemas.getCsrfToken,
  access: "public",
  tag: "Security",
  summary: "A CSRF token for this browser's cookies",
  ok: "The token; a nonce cookie is set beside it.",
});

const getSecurityPosture = operationEndpoint({
  operation: securityOps.getSecurityPosture,
  schemas: securitySchemas.getSecurityPosture,
  access: "public",
  tag: "Security",
  summary: "What the server enforces, for the posture banner",
  description: "The banner also reads the Content-Security-Policy header of this very response.",
  ok: "The posture.",
});

const reportCspViolation = operationEndpoint({
  operation: securityOps.reportCspViolation,
  schemas: securitySchemas.reportCspViolation,
  access: "public",
  tag: "Security",
  csrfExempt: "Browsers post these reports themselves, without our token.",
  allowedWhileViewing: "A browser reports what its policy blocked, whatever the session does.",
  summary: "Receive a Content-Security-Policy violation report",
  description:
    "Browsers post reports as `application/csp-report`, `application/reports+json` or, from the app, JSON " +
    "`{ directive, blockedURI?, sourceFile?, documentURI? }`; the three shapes are read from the raw body (at most 16 KB).",
  ok: "Recorded in the security log.",
  responses: {
    204: { description: "Recorded in the security log." },
    400: errorResponse("Not a CSP violation report."),
  },
  middleware: [
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => new AppError("PAYLOAD_TOO_LARGE", "The report is too large.").toResponse(),
    }),
  ],
});

const endTimedOutSessionEndpoint = operationEndpoint({
  operation: securityOps.endTimedOutSession,
  schemas: securitySchemas.endTimedOutSession,
  access: "signedIn",
  tag: "Security",
  allowedWhileViewing: "A viewing session times out like any other.",
  summary: "End this session after the browser saw 30 minutes without activity",
  ok: "Logged as a Session Timeout and ended on the server.",
});

const listSecurityEventsEndpoint = operationEndpoint({
  operation: securityOps.listSecurityEvents,
  schemas: securitySchemas.listSecurityEvents,
  access: "staff",
  tag: "Security",
  summary: "The security log, newest first, filtered by type, days, account and address",
  ok: "A page of events.",
});

/** The CSRF token, the posture banner's facts and the browser's CSP reports (public). */
export function securityEndpoints(deps: {
  csrf: Csrf;
  rateLimitingEnforced: boolean;
  clientIp: (c: Context) => string;
}) {
  const { csrf, clientIp } = deps;
  return [
    handle(getCsrfToken, (c) => c.json({ token: csrf.issue(c) }, 200)),
    handle(getSecurityPosture, (c) =>
      c.json({ csrf: { enforced: true as const }, rateLimiting: { enforced: deps.rateLimitingEnforced } }, 200),
    ),
    handle(reportCspViolation, async (c) => {
      await recordCspReport(contextOf(c), { rawBody: await c.req.text(), ip: clientIp(c) });
      return c.body(null, 204);
    }),
  ];
}

/** A signed-in user's own security events. */
export function sessionSecurityEndpoints() {
  return [
    handle(endTimedOutSessionEndpoint, async (c) => {
      await endTimedOutSession(actorContextOf(c), { sessionId: c.get("session").id });
      return c.json({ ok: true as const }, 200);
    }),
  ];
}

/** Staff only: the security log. */
export function securityLogEndpoints() {
  return [
    handle(listSecurityEventsEndpoint, async (c) =>
      c.json(await listSecurityEvents(contextOf(c), c.req.valid("query")), 200),
    ),
  ];
}
