import { createMiddleware } from "hono/factory";
import { AppError } from "../lib/app-error";
import { parseJsonBody } from "../lib/json-body";
import { parseJsonBodyOffThread } from "../lib/json-off-thread";

/** Bodies from this size are parsed on a worker thread; smaller ones cost less than the trip. */
const OFF_THREAD_FROM_BYTES = 1024 * 1024;

/**
 * Reads a JSON body once, before the schema sees it: malformed or too deeply nested JSON is a
 * readable 400. The parsed value is handed to the validator through Hono's body cache, so the
 * text is parsed once; a large body is parsed on a worker thread.
 */
export const readJsonBody = createMiddleware(async (c, next) => {
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
