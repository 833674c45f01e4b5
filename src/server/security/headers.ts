import { createMiddleware } from "hono/factory";
import { CARD_PROVIDER } from "../../shared/security-posture";

export const CSP_REPORT_PATH = "/api/security/csp-report";

/**
 * The one policy every response carries. Scripts come from our origin and the card provider;
 * the only inline scripts allowed are the build's own, named by hash (`scriptHashes`). Styles
 * may be inline: the prerendered pages inline their CSS and UI libraries set styles.
 */
export const contentSecurityPolicy = (scriptHashes: readonly string[] = []) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes, CARD_PROVIDER.script].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${CARD_PROVIDER.api}`,
    `frame-src ${CARD_PROVIDER.script}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // report-uri alone: with report-to present Chromium batches reports for up to a minute.
    `report-uri ${CSP_REPORT_PATH}`,
  ].join("; ");

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)";

/** Security headers on every response, API, pages and errors alike. */
export const securityHeaders = (options: { https: boolean; scriptHashes?: readonly string[] }) => {
  const policy = contentSecurityPolicy(options.scriptHashes);
  return createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", policy);
    headers.set("X-Frame-Options", "DENY");
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("Permissions-Policy", PERMISSIONS_POLICY);
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Cross-Origin-Resource-Policy", "same-origin");
    if (options.https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    // API answers may carry user data: never stored by browsers or proxies.
    if (c.req.path.startsWith("/api/") && !headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  });
};
