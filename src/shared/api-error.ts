import { z } from "zod";

/** Every refusal of the API: a readable message, a code, and per-field messages for bad input. */
export const ZErrorResponse = z
  .object({
    message: z.string().meta({ description: "Readable, fit to show to the person who sent the request." }),
    code: z
      .string()
      .optional()
      .meta({ description: "VALIDATION, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED…" }),
    fields: z.record(z.string(), z.string()).optional().meta({ description: "Field path → message, for bad input." }),
    reason: z.string().optional().meta({ description: "A finer reason the caller can act on, e.g. expired." }),
    retryAfter: z.number().int().optional().meta({ description: "Seconds to wait (429, 503); also in Retry-After." }),
  })
  .meta({ id: "Error" });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
