import { operations } from "../api-operation";
import type { SecuritySchemas } from "../security";

export const securityOps = operations<SecuritySchemas>()({
  getCsrfToken: "GET /api/csrf",
  getSecurityPosture: "GET /api/security/posture",
  reportCspViolation: "POST /api/security/csp-report",
  endTimedOutSession: "POST /api/me/security/session-timeout",
  listSecurityEvents: "GET /api/admin/security-events",
});
