import { createRoute, type RouteConfig, type RouteHandler } from "@hono/zod-openapi";
import { z } from "zod";
import { ACCESS_DESCRIPTIONS } from "../../shared/access";
import { requireAccess } from "./access-guards";
import { json, refusals, securityOf } from "./endpoint-responses";
import { policyMiddleware, rulesOf, type EndpointRules, type ResolvedRules } from "./endpoint-rules";
import { readJsonBody } from "./read-json-body";
import type { AppEnv } from "./app-env";
import type { Access } from "../../shared/access";
import type { Operation, OperationSchemas } from "../../shared/api-operation";
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

export interface EndpointConfig<
  M extends Method,
  P extends string,
  Q extends EndpointRequest,
  S extends Responses,
> extends EndpointRules {
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

export { conflictResponse, errorResponse, json } from "./endpoint-responses";

/** Puts the statuses the endpoint declares on the request, for the error handler to hold services to them. */
const declareStatuses =
  (statuses: number[]): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    c.set("declaredStatuses", statuses);
    return next();
  };

/** The middleware of a declaration, in the order the API has always applied them. */
function middlewareOf(
  method: Method,
  access: Access,
  rules: ResolvedRules,
  extra: MiddlewareHandler[],
  body: boolean,
  statuses: number[],
) {
  return [
    declareStatuses(statuses),
    ...policyMiddleware(method, rules),
    requireAccess(access),
    ...extra,
    ...(body ? [readJsonBody] : []),
  ] as MiddlewareHandler[];
}

/**
 * Declares an endpoint: its inputs and responses (validated and documented), who may call it,
 * and its rules (CSRF, rate limit, writes while viewing, body limit). The access guard runs
 * before any input is read; the refusals are documented from it.
 */
export function endpoint<M extends Method, P extends string, Q extends EndpointRequest, S extends Responses>(
  config: EndpointConfig<M, P, Q, S>,
) {
  const { access, request, responses, tag, description, middleware, ...declared } = config;
  const { csrfExempt: _c, rateLimit: _r, allowedWhileViewing: _v, maxBodyBytes: _b, ...route } = declared;
  const rules = rulesOf(config.method, declared);
  const allResponses = { ...refusals(access, request, config.method), ...responses };
  return createRoute({
    ...route,
    tags: [tag],
    description: [description, `Access: ${ACCESS_DESCRIPTIONS[access]}`].filter(Boolean).join("\n\n"),
    "x-access": access,
    "x-rules": rules,
    security: securityOf(access),
    middleware: middlewareOf(config.method, access, rules, middleware ?? [], Boolean(request?.body), [
      ...Object.keys(allResponses).map(Number),
    ]),
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
    responses: allResponses as S,
  });
}

type SuccessOf<O extends OperationSchemas, Status extends number> = O["response"] extends z.ZodType
  ? { [K in Status]: { description: string; content: { "application/json": { schema: O["response"] } } } }
  : object;

export interface OperationEndpointConfig<
  O extends OperationSchemas,
  S extends Responses,
  Status extends 200 | 201,
> extends EndpointRules {
  /** Its id, method and path, from the shared contract (`src/shared/operations/`). */
  operation: Operation<O>;
  /** Its schemas, from the domain's shared file; the type check holds them to the operation's. */
  schemas: O;
  access: Access;
  summary: string;
  tag: string;
  description?: string;
  /** What the success answer means; its schema is the operation's response. */
  ok: string;
  /** 200 unless declared. */
  okStatus?: Status;
  /** The answers beyond the success and the refusals: the service's errors (a CONFLICT needs its 409), or a file. */
  responses?: S;
  middleware?: MiddlewareHandler[];
}

/** The same declaration, from one operation of the shared contract. */
export function operationEndpoint<
  O extends OperationSchemas,
  S extends Responses = Record<never, never>,
  Status extends 200 | 201 = 200,
>(config: OperationEndpointConfig<O, S, Status>) {
  const { operation, schemas, ok, okStatus, responses, ...rest } = config;
  const request = { params: schemas.params, query: schemas.query, body: schemas.body };
  const success = schemas.response ? { [okStatus ?? 200]: json(schemas.response, ok) } : {};
  return endpoint({
    ...rest,
    method: operation.method,
    // The API router is mounted at /api.
    path: operation.path.replace(/^\/api/, ""),
    operationId: operation.operationId,
    request: request as { params: O["params"]; query: O["query"]; body: O["body"] },
    responses: { ...success, ...responses } as SuccessOf<O, Status> & S,
  });
}

/** One endpoint and its handler, as the API's table lists them (`http/api-endpoints.ts`). */
export interface Handled {
  route: RouteConfig;
  handler: RouteHandler<RouteConfig, AppEnv>;
}

/** Pairs a declaration with its handler, typed by the declaration. */
export const handle = <R extends RouteConfig>(route: R, handler: RouteHandler<R, AppEnv>): Handled =>
  ({ route, handler }) as unknown as Handled;
