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
  second_factor_added: "Second factor added",
  second_factor_removed: "Second factor removed",
  second_factor_reset: "Second factor reset by staff",
  second_factor_failed: "Wrong second-factor code",
};
