import { BROWSER_EVENT_NAMES } from "../../../shared/security-posture";

/** The seed's in-page security log: a DOM event other code (and tests) can listen to. */
export const SECURITY_EVENT = "security-log";

export interface BrowserSecurityEvent {
  type: (typeof BROWSER_EVENT_NAMES)[keyof typeof BROWSER_EVENT_NAMES];
  message: string;
  directive?: string;
  timestamp: string;
}

export function dispatchSecurityEvent(event: Omit<BrowserSecurityEvent, "timestamp">): void {
  const detail: BrowserSecurityEvent = { ...event, timestamp: new Date().toISOString() };
  console.warn(`[security] ${detail.timestamp} ${detail.type}: ${detail.message}`);
  window.dispatchEvent(new CustomEvent<BrowserSecurityEvent>(SECURITY_EVENT, { detail }));
}

/**
 * Raises 'CSP Violation' for each violation the browser reports in this page. The server
 * learns of it from the policy's report-uri, so nothing is posted from here.
 */
export function listenForCspViolations(): () => void {
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    const directive = event.effectiveDirective || event.violatedDirective;
    dispatchSecurityEvent({
      type: BROWSER_EVENT_NAMES.cspViolation,
      message: `Blocked by ${directive}: ${event.blockedURI || "inline"}`,
      directive,
    });
  };
  document.addEventListener("securitypolicyviolation", onViolation);
  return () => document.removeEventListener("securitypolicyviolation", onViolation);
}
