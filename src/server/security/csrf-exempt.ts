/** Paths that do not take our CSRF token: Better Auth checks origins itself, ingest uses keys, browsers send CSP reports. */
const CSRF_EXEMPT = [
  /^\/api\/auth\//,
  /^\/api\/v1\//,
  /^\/api\/security\/csp-report$/,
  // The mail provider posts replies by email with the inbound shared secret.
  /^\/api\/inbound\/email$/,
  // Stripe signs its events over the raw body with the webhook secret.
  /^\/api\/billing\/stripe\/webhook$/,
  // One-click unsubscribe (RFC 8058): mail clients post without cookies; the signed token is the credential.
  /^\/api\/email-preferences\/unsubscribe\/[^/]+$/,
];

export const isCsrfExempt = (path: string) => CSRF_EXEMPT.some((pattern) => pattern.test(path));
