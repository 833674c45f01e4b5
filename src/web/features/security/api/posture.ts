import { isStrictCsp } from "../../../../shared/security-posture";
import { csrfToken, hasStoredCsrfToken } from "../../../lib/csrf";

export interface Posture {
  csrfActive: boolean;
  cspStrict: boolean;
  rateLimitingEnforced: boolean;
}

/**
 * What the server actually does: the CSP header served on this response, the rate-limit
 * state the server reports, and whether a server-issued CSRF token is held.
 */
export async function fetchPosture(signal?: AbortSignal): Promise<Posture> {
  await csrfToken().catch(() => undefined);
  const response = await fetch("/api/security/posture", { signal, credentials: "same-origin", headers: { accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as { rateLimiting?: { enforced?: boolean } } | null;
  return {
    csrfActive: hasStoredCsrfToken(),
    cspStrict: isStrictCsp(response.headers.get("content-security-policy")),
    rateLimitingEnforced: response.ok && body?.rateLimiting?.enforced === true,
  };
}
