/** Shared by the server (which serves the policy) and the posture banner (which judges it). */

export const CARD_PROVIDER = { script: "https://js.stripe.com", api: "https://api.stripe.com" } as const;

export const SECURITY_EVENT_TYPES = [
  "sign_in_failed",
  "rate_limited",
  "csrf_refused",
  "session_timeout",
  "csp_violation",
  "role_changed",
  "user_banned",
  "user_unbanned",
  "sessions_revoked",
  "second_factor_added",
  "second_factor_removed",
  "second_factor_reset",
  "second_factor_failed",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** The seed's names for the events the browser dispatches. */
export const BROWSER_EVENT_NAMES = { sessionTimeout: "Session Timeout", cspViolation: "CSP Violation" } as const;
export const SESSION_TIMEOUT_MESSAGE = "User was logged out due to inactivity.";

function directive(policy: string, name: string): string[] | undefined {
  for (const part of policy.split(";")) {
    const [key, ...values] = part.trim().split(/\s+/);
    if (key?.toLowerCase() === name) return values.map((value) => value.toLowerCase());
  }
  return undefined;
}

/**
 * 'Strict' when the policy actually forbids inline script: script-src (or default-src)
 * is present and allows neither 'unsafe-inline' (unless overridden by a nonce or hash,
 * which browsers honour instead) nor 'unsafe-eval', nor any scheme-wide source.
 */
export function isStrictCsp(policy: string | null | undefined): boolean {
  if (!policy) return false;
  const scripts = directive(policy, "script-src") ?? directive(policy, "default-src");
  if (!scripts) return false;
  const hasNonceOrHash = scripts.some((value) => /^'(nonce|sha256|sha384|sha512)-/.test(value));
  if (scripts.includes("'unsafe-inline'") && !hasNonceOrHash) return false;
  if (scripts.includes("'unsafe-eval'")) return false;
  return !scripts.some((value) => value === "*" || value === "http:" || value === "https:" || value === "data:");
}

/** The hostnames where the posture banner shows: local, dev and preview deployments. */
export function isPostureHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === "localhost" ||
    host === "127.0.0.1" ||
    host === "[::1]" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    /(^|[.-])(dev|preview|staging)([.-]|$)/.test(host)
  );
}
