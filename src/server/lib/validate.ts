import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import { firstIssueMessage } from "../../shared/fields";
import { parseJsonBody } from "./json-body";

/**
 * Parses the JSON body with a shared schema; a bad body is a 400 with a readable
 * message and the field errors, never a 500.
 */
export const validateJson = <T extends z.ZodType>(schema: T) =>
  createMiddleware<{ Variables: { body: z.output<T> } }>(async (c, next) => {
    const body = parseJsonBody(await c.req.text());
    if (!body.ok) return c.json({ message: body.message }, 400);
    const parsed = schema.safeParse(body.value);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join(".")] ??= issue.message;
      return c.json({ message: firstIssueMessage(parsed.error), fields }, 400);
    }
    c.set("body", parsed.data);
    await next();
  });
