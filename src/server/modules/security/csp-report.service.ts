import { ZCspReportRequest } from "../../../shared/security";
import { AppError } from "../../lib/app-error";
import { logSecurityEvent } from "./security-log.service";
import type { ServiceContext } from "../../context/service-context";

/** Normalises the three shapes a CSP report arrives in. */
export function parseCspReport(
  body: unknown,
): { directive: string; blockedURI?: string; sourceFile?: string; documentURI?: string } | null {
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
    return toReport(
      b["effective-directive"] ?? b["violated-directive"],
      b["blocked-uri"],
      b["source-file"],
      b["document-uri"],
    );
  }
  const parsed = ZCspReportRequest.safeParse(record);
  return parsed.success ? parsed.data : null;
}

function toReport(directive: unknown, blocked: unknown, source: unknown, document: unknown) {
  if (typeof directive !== "string" || !directive.trim()) return null;
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 2000) : undefined);
  return {
    directive: directive.trim().slice(0, 100),
    blockedURI: text(blocked),
    sourceFile: text(source),
    documentURI: text(document),
  };
}

/** Records a browser's CSP violation report, in any of its three shapes, as a 'CSP Violation' event. */
export async function recordCspReport(
  { db }: ServiceContext,
  { rawBody, ip }: { rawBody: string; ip: string },
): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError("VALIDATION", "The report must be JSON.");
  }
  const report = parseCspReport(body);
  if (!report) throw new AppError("VALIDATION", "Not a CSP violation report.");
  await logSecurityEvent(db, {
    type: "csp_violation",
    message: `CSP Violation: ${report.directive}`,
    ip,
    path: report.documentURI ? safePath(report.documentURI) : null,
    details: { directive: report.directive, blockedURI: report.blockedURI, sourceFile: report.sourceFile },
  });
}

function safePath(uri: string): string | null {
  try {
    return new URL(uri).pathname;
  } catch {
    return null;
  }
}
