import type { SecurityEventType } from "../../../../shared/security-posture";

/** What staff read for each type of security event. */
export const EVENT_TYPE_LABELS: Record<SecurityEventType, string> = {
  sign_in_failed: "Failed sign-in",
  rate_limited: "Rate limit hit",
  csrf_refused: "CSRF token refused",
  session_timeout: "Session timeout",
  csp_violation: "CSP violation",
  role_changed: "Role changed",
  user_banned: "User banned",
  user_unbanned: "User unbanned",
  sessions_revoked: "Sessions revoked",
};
