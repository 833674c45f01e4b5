import { useEffect, useState } from "react";
import { operationUrl, type OperationOutput } from "../../../../shared/api-operation";
import { securityOps } from "../../../../shared/operations/security";
import { isStrictCsp } from "../../../../shared/security-posture";
import { apiFetchWithHeaders, csrfToken } from "../../../lib/api";
import { hasStoredCsrfToken } from "../../../lib/csrf";
import type { SecuritySchemas } from "../../../../shared/security";

export interface Posture {
  csrfActive: boolean;
  cspStrict: boolean;
  rateLimitingEnforced: boolean;
}

const UNKNOWN: Posture = { csrfActive: false, cspStrict: false, rateLimitingEnforced: false };

/**
 * What the server actually does: the CSP header served on this response, the rate-limit
 * state the server reports, and whether a server-issued CSRF token is held.
 */
export async function getSecurityPosture(signal?: AbortSignal): Promise<Posture> {
  await csrfToken().catch(() => undefined);
  // `call` gives the body only; the banner reads this answer's CSP header too.
  const { body, headers } = await apiFetchWithHeaders<OperationOutput<SecuritySchemas["getSecurityPosture"]>>(
    operationUrl(securityOps.getSecurityPosture),
    { signal },
  );
  return {
    csrfActive: hasStoredCsrfToken(),
    cspStrict: isStrictCsp(headers.get("content-security-policy")),
    rateLimitingEnforced: body.rateLimiting.enforced,
  };
}

/**
 * The posture, once `enabled`; null while it is checked. The banner also shows on the
 * marketing pages, which carry no query client, so this hook holds the answer itself.
 */
export function useSecurityPosture(enabled: boolean): Posture | null {
  const [posture, setPosture] = useState<Posture | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    getSecurityPosture(controller.signal).then(setPosture, () => setPosture(UNKNOWN));
    return () => controller.abort();
  }, [enabled]);
  return posture;
}
