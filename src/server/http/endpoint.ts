import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { ACCESS_DESCRIPTIONS } from "../../shared/access";
import { ZErrorResponse } from "../../shared/api-error";
import { AppError } from "../lib/app-error";
import { parseJsonBody } from "../lib/json-body";
import { parseJsonBodyOffThread } from "../lib/json-off-thread";
import { requireAccess } from "./access-guards";
import type { Access } from "../../shared/access";
import type { MiddlewareHandler } from "hono";

type Responses = RouteConfig["responses"];
type Method = "get" | "post" | "put" | "patch" | "delete";

interface EndpointRequest {
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body; always required when declared. */
  body?: z.ZodType;
  /** A body of raw bytes (a file), read by the handler as a stream; documented, never parsed here. */
  raw?: { description: string };
}

export interface EndpointConfig<M extends Method, P extends string, Q extends EndpointRequest, S extends Responses> {
  method: M;
  /** OpenAPI style, relative to the router's mount point: `/{id}/runs`. */
  path: P;
  access: Access;
  /** One line for the reference (and the operation's id, in camelCase). */
  summary: string;
  operationId: string;
  tag: string;
  description?: string;
  request?: Q;
  responses: S;
  /** Runs after the access guard, before the input is read (e.g. a larger body limit). */
  middleware?: MiddlewareHandler[];
}

/** The request part of createRoute's config, from the schemas an endpoint declares. */
type RouteRequest<Q extends EndpointRequest> = {
  params: Q extends { params: infer P extends z.ZodObject } ? P : undefined;
  query: Q extends { query: infer R extends z.ZodObject } ? R : undefined;
  body: Q extends { body: infer B extends z.ZodType }
    ? { required: true; content: { "application/json": { schema: B } } }
    : undefined;
};

const BINARY = z.string().meta({ format: "binary" });

/** Bodies from this size are parsed on a worker thread; smaller ones cost less than the trip. */
const OFF_THREAD_FROM_BYTES = 1024 * 1024;

/**
 * Reads a JSON body once, before the schema sees it: malformed or too deeply nested JSON is a
 * readable 400. The parsed value is handed to the validator through Hono's body cache, so the
 * text is parsed once; a large body is parsed on a worker thread.
 */
const readJsonBody = createMiddleware(async (c, next) => {
  const bytes = await c.req.arrayBuffer();
  const body =
    bytes.byteLength >= OFF_THREAD_FROM_BYTES
      ? await parseJsonBodyOffThread(bytes)
      : parseJsonBody(new TextDecoder().decode(bytes));
  if (!body.ok) throw new AppError("VALIDATION", body.message);
  const parsed = Promise.resolve(body.value);
  (c.req.bodyCache as { json?: Promise<unknown> }).json = parsed;
  // Hono's json() reads the first body it cached (the bytes above) and would decode and parse them
  // again on this thread; the validator calls it, so it answers the value parsed here.
  Object.defineProperty(c.req, "json", { value: () => parsed, configurable: true });
  await next();
});

/** `{ 200: json(ZListPlansResponse, "The plans on sale") }` */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const error = (description: string) => json(ZErrorResponse, description);

/** The document's security schemes (openapi-document.ts) an access level needs; none for public. */
const securityOf = (access: Access): Record<string, string[]>[] =>
  access === "public" ? [] : [access === "ingest" ? { ingestKey: [] } : { session: [] }];

/** The refusals an endpoint can answer, from what it declares: its access and its inputs. */
function refusals(access: Access, request: EndpointRequest | undefined, method: Method) {
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

/**
 * Declares an endpoint: its inputs and responses (validated and documented), and who may call
 * it. The access guard runs before any input is read; the refusals are documented from it.
 */
export function endpoint<M extends Method, P extends string, Q extends EndpointRequest, S extends Responses>(
  config: EndpointConfig<M, P, Q, S>,
) {
  const { access, request, responses, tag, description, middleware, ...rest } = config;
  return createRoute({
    ...rest,
    tags: [tag],
    description: [description, `Access: ${ACCESS_DESCRIPTIONS[access]}`].filter(Boolean).join("\n\n"),
    "x-access": access,
    security: securityOf(access),
    middleware: [requireAccess(access), ...(middleware ?? []), ...(request?.body ? [readJsonBody] : [])] as const,
    request: {
      params: request?.params,
      query: request?.query,
      body: request?.body
        ? { required: true, content: { "application/json": { schema: request.body } } }
        : request?.raw
          ? {
              required: true,
              description: request.raw.description,
              content: { "application/octet-stream": { schema: BINARY } },
            }
          : undefined,
    } as RouteRequest<Q>,
    responses: { ...refusals(access, request, config.method), ...responses } as S,
  });
}
