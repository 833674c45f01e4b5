import { ACCESS_DESCRIPTIONS } from "../../shared/access";
import { ZErrorResponse } from "../../shared/api-error";
import type { Access } from "../../shared/access";
import type { z } from "zod";

/** `{ 200: json(ZListPlansResponse, "The plans on sale") }` */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const error = (description: string) => json(ZErrorResponse, description);

/** An error answer of the shape every error has: `{ 403: errorResponse("Not the owner.") }`. */
export const errorResponse = error;
/** `{ 409: … }`: what a service's CONFLICT means on this endpoint (declared wherever one can be thrown). */
export const conflictResponse = (description: string) => ({ 409: error(description) });

/** The document's security schemes (openapi-document.ts) an access level needs; none for public. */
export const securityOf = (access: Access): Record<string, string[]>[] =>
  access === "public" ? [] : [access === "ingest" ? { ingestKey: [] } : { session: [] }];

/** The refusals an endpoint can answer, from what it declares: its access and its inputs. */
export function refusals(
  access: Access,
  request: { body?: unknown; query?: unknown; params?: unknown; raw?: unknown } | undefined,
  method: string,
) {
  const inputs = Boolean(request?.body || request?.raw || request?.query);
  return {
    ...(inputs ? { 400: error("The input is invalid; `message` and `fields` say what to fix.") } : {}),
    ...(access !== "public" ? { 401: error("Not signed in (or, for ingest, no valid key).") } : {}),
    ...(access === "owner" || access === "staff"
      ? { 403: error("Signed in, but not allowed: " + ACCESS_DESCRIPTIONS[access]) }
      : {}),
    ...(request?.params || access === "owner" ? { 404: error("No such object in the caller's reach.") } : {}),
    ...(request?.body || request?.raw ? { 413: error("The body is larger than this endpoint accepts.") } : {}),
    ...(method !== "get" || access === "ingest"
      ? { 429: error("Too many requests; wait the seconds in Retry-After.") }
      : {}),
    503: error("The database is briefly unavailable or busy; retry after the seconds in Retry-After."),
  };
}
