import { z } from "zod";

/** The one body every refused or failed call of ours answers with (any 4xx or 5xx). */
export const ZErrorResponse = z.object({
  message: z.string().meta({
    description: "Written for the person who sent the request; safe to show as is.",
  }),
  code: z.string().optional().meta({
    description: "A stable machine-readable code, such as RATE_LIMITED or CSRF_INVALID.",
  }),
  fields: z.record(z.string(), z.string()).optional().meta({ description: "Messages per field path, for forms." }),
  reason: z.string().optional().meta({
    description: "A more specific reason the web app can act on, such as expired.",
  }),
  retryAfter: z.number().int().optional().meta({
    description: "Seconds to wait before trying again (also sent as Retry-After).",
  }),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
