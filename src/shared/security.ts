import { z } from "zod";
import { dayString } from "./automations";
import { LIMITS, plainString } from "./fields";
import { SECURITY_EVENT_TYPES } from "./security-posture";

/** What the browser's securitypolicyviolation listener reports. */
export const ZCspReportRequest = z.object({
  directive: z.string().trim().min(1, "Required").max(100),
  blockedURI: z.string().max(2000).optional(),
  sourceFile: z.string().max(2000).optional(),
  documentURI: z.string().max(2000).optional(),
});

export const ZListSecurityEventsQuery = z
  .object({
    type: z.enum(SECURITY_EVENT_TYPES, { error: "Unknown event type" }).optional(),
    from: dayString.optional().meta({ description: "From this UTC day on, such as 2026-01-31." }),
    to: dayString.optional().meta({ description: "Up to and including this UTC day." }),
    user: plainString(LIMITS.text).optional().meta({ description: "An email address or an account id." }),
    ip: plainString(64).optional().meta({ description: "The client address, as logged." }),
    cursor: plainString(200)
      .optional()
      .meta({ description: "`nextCursor` of the previous page, for the next (older) one." }),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "The end date is before the start date",
    path: ["to"],
  });
export type TListSecurityEventsQuery = z.input<typeof ZListSecurityEventsQuery>;

/* ---------- Responses ---------- */

export const ZGetCsrfTokenResponse = z.object({
  token: z.string().meta({
    description:
      "Send it back in the x-csrf-token header of every state-changing call; it is bound to this browser's cookies.",
  }),
});

/** What the server enforces; the banner also reads the Content-Security-Policy header of this response. */
export const ZGetSecurityPostureResponse = z.object({
  csrf: z.object({ enforced: z.literal(true) }),
  rateLimiting: z.object({ enforced: z.boolean() }),
});

export const ZReportSessionTimeoutResponse = z.object({ ok: z.literal(true) });

const ZSecurityEvent = z.object({
  id: z.uuid(),
  type: z.enum(SECURITY_EVENT_TYPES),
  message: z.string(),
  userId: z.string().nullable().meta({
    description: "Whom it concerns, when known; the log outlives deleted accounts.",
  }),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  path: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  count: z.number().int().min(1).meta({ description: "How often it happened from this source within the minute." }),
  createdAt: z.iso.datetime(),
});
export type TSecurityEvent = z.infer<typeof ZSecurityEvent>;

/** Staff: the security log, newest first, one page at a time. */
export const ZListSecurityEventsResponse = z.object({
  events: z.array(ZSecurityEvent),
  nextCursor: z.string().nullable().meta({
    description: "Pass it as `cursor` for the next (older) page; null on the last page.",
  }),
});

/** The security endpoints (methods and paths: `operations/security.ts`). */
export const securitySchemas = {
  getCsrfToken: { response: ZGetCsrfTokenResponse },
  getSecurityPosture: { response: ZGetSecurityPostureResponse },
  /** Read from the raw body, in any of the browsers' three shapes (csp-report.service.ts). */
  reportCspViolation: { response: null },
  endTimedOutSession: { response: ZReportSessionTimeoutResponse },
  listSecurityEvents: { query: ZListSecurityEventsQuery, response: ZListSecurityEventsResponse },
};
export type SecuritySchemas = typeof securitySchemas;
