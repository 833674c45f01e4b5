import { bodyLimit } from "hono/body-limit";
import type { Context, MiddlewareHandler } from "hono";

/** Far above any form of ours; every /api route gets this unless it is listed below. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Routes whose feature needs more: a batch of up to 500 runs, each with an error message
 * of up to 2,000 characters.
 */
export const LARGER_BODY_LIMITS: { method: string; path: RegExp; maxBytes: number }[] = [
  { method: "POST", path: /^\/api\/v1\/runs\/batch$/, maxBytes: 2 * 1024 * 1024 },
  // Support messages carry files: 20 MB per message, base64-encoded (4/3: 26.7 MB), and the text.
  { method: "POST", path: /^\/api\/tickets(\/[0-9a-f-]{36}\/messages)?$/, maxBytes: 30 * 1024 * 1024 },
  // A file uploaded on its own (5 MB; the upload itself refuses a sixth megabyte with a readable 413).
  { method: "POST", path: /^\/api\/tickets\/uploads$/, maxBytes: 6 * 1024 * 1024 },
  // Replies by email as raw MIME (modules/support/inbound-email.routes.ts).
  { method: "POST", path: /^\/api\/inbound\/email$/, maxBytes: 30 * 1024 * 1024 },
  // Stripe's events (modules/billing/stripe-webhook.routes.ts).
  { method: "POST", path: /^\/api\/billing\/stripe\/webhook$/, maxBytes: 1024 * 1024 },
];

export const bodyLimitOf = (method: string, path: string) =>
  LARGER_BODY_LIMITS.find((rule) => rule.method === method && rule.path.test(path))?.maxBytes ?? API_BODY_LIMIT_BYTES;

// Answered at once; the connection is not closed on the client, whose unread body would
// make the socket reset and could lose this answer before the client reads it.
const tooLarge = (c: Context) => c.json({ message: "The request is too large.", code: "PAYLOAD_TOO_LARGE" }, 413);

const limits = new Map<number, MiddlewareHandler>();
const limiterOf = (maxSize: number) => {
  let limiter = limits.get(maxSize);
  if (!limiter) limits.set(maxSize, (limiter = bodyLimit({ maxSize, onError: tooLarge })));
  return limiter;
};

/**
 * One body limit for all of /api: a declared Content-Length over the limit is refused before
 * anything is read, and a body without one (chunked) is refused as soon as it passes the limit.
 */
export const apiBodyLimit: MiddlewareHandler = (c, next) => limiterOf(bodyLimitOf(c.req.method, c.req.path))(c, next);
