import { rulesOf, type EndpointRules, type ResolvedRules } from "../http/endpoint-rules";

/*
 * Better Auth's endpoints under /api/auth that the portal uses: documented by Better Auth, not in
 * our OpenAPI document, but their rules are declared here like every endpoint's.
 */

const ORIGIN_CHECKED = "Better Auth checks each request's origin itself (trustedOrigins).";

interface BetterAuthEndpoint extends EndpointRules {
  line: `${"GET" | "POST"} /api/auth/${string}`;
}

const declared: BetterAuthEndpoint[] = [
  { line: "POST /api/auth/sign-up/email" },
  { line: "POST /api/auth/sign-in/email" },
  { line: "POST /api/auth/sign-out", allowedWhileViewing: "Signing out ends the view with the session." },
  { line: "GET /api/auth/get-session" },
  { line: "GET /api/auth/verify-email" },
  { line: "POST /api/auth/send-verification-email" },
  { line: "POST /api/auth/request-password-reset" },
  { line: "POST /api/auth/reset-password" },
  { line: "POST /api/auth/update-user" },
  { line: "POST /api/auth/change-email" },
  { line: "POST /api/auth/change-password" },
  { line: "GET /api/auth/list-sessions" },
  { line: "POST /api/auth/revoke-session" },
  { line: "POST /api/auth/revoke-other-sessions" },
  { line: "POST /api/auth/delete-user" },
  { line: "POST /api/auth/two-factor/enable" },
  { line: "POST /api/auth/two-factor/verify-totp" },
  { line: "POST /api/auth/two-factor/verify-backup-code" },
  { line: "POST /api/auth/two-factor/generate-backup-codes" },
  { line: "POST /api/auth/two-factor/disable" },
  { line: "GET /api/auth/passkey/generate-register-options" },
  { line: "POST /api/auth/passkey/verify-registration" },
  { line: "GET /api/auth/passkey/list-user-passkeys" },
  { line: "POST /api/auth/passkey/delete-passkey" },
  { line: "GET /api/auth/passkey/generate-authenticate-options" },
  { line: "POST /api/auth/passkey/verify-authentication" },
];

export const BETTER_AUTH_ENDPOINTS = declared.map(({ line }) => line);

/** Every Better Auth endpoint's rules; one that is not listed gets the defaults of its method. */
export function betterAuthRules(method: string, path: string): ResolvedRules {
  const found = declared.find((endpoint) => endpoint.line === `${method} ${path}`);
  return rulesOf(method, { csrfExempt: ORIGIN_CHECKED, rateLimit: "auth", ...found });
}
