import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cspReportRequest, securityEventsQuery } from "../../../shared/security-schemas";
import { SESSION_TIMEOUT_MESSAGE } from "../../../shared/security-posture";
import { firstIssueMessage } from "../../../shared/fields";
import type { AuthVariables } from "../../auth/session";
import type { Database } from "../../db/client";
import type { Csrf } from "../../security/csrf";
import { logSecurityEvent, listSecurityEvents } from "./security-log.service";
import { endSession } from "../../auth/session";

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

export function securityRoutes(deps: { db: Database; csrf: Csrf; rateLimitingEnforced: boolean; clientIp: (c: Context) => string }) {
  const { db, csrf, clientIp } = deps;
  return new Hono()
    .get("/csrf", (c) => c.json({ token: csrf.issue(c) }))
    .get("/security/posture", (c) =>
      // The banner reads the Content-Security-Policy header of this very response.
      c.json({ csrf: { enforced: true }, rateLimiting: { enforced: deps.rateLimitingEnforced } }),
    )
    .post(
      "/security/csp-report",
      bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ message: "The report is too large." }, 413) }),
      async (c) => {
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
      },
    );
}

/** Routes for a signed-in user's own security events. */
export function sessionSecurityRoutes(deps: { db: Database; clientIp: (c: Context) => string }) {
  return new Hono<{ Variables: AuthVariables }>().post("/session-timeout", async (c) => {
    const user = c.get("user");
    await logSecurityEvent(deps.db, {
      type: "session_timeout",
      message: SESSION_TIMEOUT_MESSAGE,
      userId: user.id,
      email: user.email,
      ip: deps.clientIp(c),
    });
    await endSession(deps.db, c.get("session").id);
    return c.json({ ok: true });
  });
}

/** Staff only (mounted under /api/admin). */
export function securityLogRoutes(db: Database) {
  return new Hono<{ Variables: AuthVariables }>().get("/security-events", async (c) => {
    const parsed = securityEventsQuery.safeParse(c.req.query());
    if (!parsed.success) return c.json({ message: firstIssueMessage(parsed.error) }, 400);
    const { type, before } = parsed.data;
    return c.json(await listSecurityEvents(db, { type, before: before ? new Date(before) : undefined }));
  });
}

function safePath(uri: string): string | null {
  try {
    return new URL(uri).pathname;
  } catch {
    return null;
  }
}
