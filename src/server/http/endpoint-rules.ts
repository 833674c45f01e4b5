import { bodyLimit } from "hono/body-limit";
import { AppError } from "../lib/app-error";
import { SAFE_METHODS } from "../security/csrf";
import type { AppEnv } from "./app-env";
import type { MiddlewareHandler } from "hono";

/** Far above any form of ours; an endpoint whose feature needs more declares `maxBodyBytes`. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * How an endpoint's calls are counted. Only "write" is counted here; the others say who counts them.
 * "read" is the class of every GET.
 */
export const RATE_LIMIT_CLASSES = {
  write: "60 state-changing calls a minute per client address, shared by every instance.",
  read: "Not limited: reads.",
  ingest: "Per automation key, in the ingest transaction (INGEST_RATE_LIMIT_PER_MINUTE).",
  signed:
    "Not limited: the request carries its own credential (a signature or a signed token), checked before any database read.",
  auth: "Better Auth's own limits, and the sign-in throttle.",
} as const;
export type RateLimitClass = keyof typeof RATE_LIMIT_CLASSES;

/** What an endpoint declares beside its access; each rule is the default unless declared. */
export interface EndpointRules {
  /** Why this write takes no CSRF token (it authenticates otherwise). Writes need the token unless this says why. */
  csrfExempt?: string;
  /** How its calls are counted: "write" for writes and "read" for reads unless declared. */
  rateLimit?: RateLimitClass;
  /** Why this write is allowed while staff view a client read-only. Writes are refused then unless this says why. */
  allowedWhileViewing?: string;
  /** The largest body it reads, in bytes; API_BODY_LIMIT_BYTES unless declared. */
  maxBodyBytes?: number;
}

/** The rules in force, every default filled in: what the middleware applies and the document shows (`x-rules`). */
export interface ResolvedRules {
  csrf: boolean;
  csrfExemptBecause?: string;
  rateLimit: RateLimitClass;
  allowedWhileViewing: boolean;
  allowedWhileViewingBecause?: string;
  maxBodyBytes: number;
}

const isWrite = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

export function rulesOf(method: string, declared: EndpointRules): ResolvedRules {
  const write = isWrite(method);
  return {
    csrf: write && !declared.csrfExempt,
    ...(declared.csrfExempt ? { csrfExemptBecause: declared.csrfExempt } : {}),
    rateLimit: declared.rateLimit ?? (write ? "write" : "read"),
    allowedWhileViewing: !write || Boolean(declared.allowedWhileViewing),
    ...(declared.allowedWhileViewing ? { allowedWhileViewingBecause: declared.allowedWhileViewing } : {}),
    maxBodyBytes: declared.maxBodyBytes ?? API_BODY_LIMIT_BYTES,
  };
}

/** The checks the API root puts on each request for the endpoints' rules to use (`app.ts`). */
export interface RequestPolicies {
  /** 403 without a valid CSRF token. */
  csrf: MiddlewareHandler;
  /** The "write" rate-limit class. */
  writeLimit: MiddlewareHandler;
  /** 403 for a session viewing a client company read-only. */
  refuseWhileViewing: MiddlewareHandler<AppEnv>;
}

// Answered at once; the connection is not closed on the client, whose unread body would
// make the socket reset and could lose this answer before the client reads it.
const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "The request is too large.").toResponse();

/**
 * Hono's limiter, except that a declared Content-Length is judged from the headers alone, as
 * Hono's judges it: Hono's first reads `c.req.raw.body`, which makes the Node adapter build a
 * whole web Request and a stream for the body (a tenth of a small ingest request's CPU), where
 * the JSON reader's `arrayBuffer()` would read the body straight from the socket.
 */
function limitBody(maxSize: number): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    // Hono's limiter lets these through too: the adapter gives them no body.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length === undefined || c.req.header("transfer-encoding") !== undefined) return streamed(c, next);
    return Number.parseInt(length, 10) > maxSize ? Promise.resolve(tooLarge()) : next();
  };
}

const limits = new Map<number, MiddlewareHandler>();
/**
 * A declared Content-Length over the limit is refused before anything is read, and a body
 * without one (chunked) as soon as it passes the limit.
 */
export const bodyLimitOf = (maxSize: number) => {
  let limiter = limits.get(maxSize);
  if (!limiter) limits.set(maxSize, (limiter = limitBody(maxSize)));
  return limiter;
};

const policy =
  (name: keyof RequestPolicies): MiddlewareHandler<AppEnv> =>
  (c, next) =>
    (c.get("policies")[name] as MiddlewareHandler<AppEnv>)(c, next);

/** An endpoint's rules as middleware: body limit, CSRF, rate limit, writes while viewing, in that order. */
export function policyMiddleware(method: string, rules: ResolvedRules): MiddlewareHandler<AppEnv>[] {
  return [
    bodyLimitOf(rules.maxBodyBytes),
    ...(rules.csrf ? [policy("csrf")] : []),
    ...(rules.rateLimit === "write" ? [policy("writeLimit")] : []),
    ...(isWrite(method) && !rules.allowedWhileViewing ? [policy("refuseWhileViewing")] : []),
  ];
}

/**
 * A request that matches no endpoint gets the defaults of its method before its 404, as an
 * endpoint that declares nothing would: a write without a token, while viewing or over the body
 * limit is refused the same way everywhere.
 */
export const undeclaredEndpointPolicies: MiddlewareHandler<AppEnv> = (c, next) => {
  const chain = policyMiddleware(c.req.method, rulesOf(c.req.method, {}));
  const run = async (i: number): Promise<Response | void> => {
    const step = chain[i];
    if (!step) return void (await next());
    return step(c, async () => {
      const answer = await run(i + 1);
      if (answer instanceof Response) c.res = answer;
    });
  };
  return run(0);
};
