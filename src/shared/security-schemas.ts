import { z } from "zod";
import { SECURITY_EVENT_TYPES } from "./security-posture";

/** What the browser's securitypolicyviolation listener reports. */
export const ZCspReportRequest = z.object({
  directive: z.string().trim().min(1, "Required").max(100),
  blockedURI: z.string().max(2000).optional(),
  sourceFile: z.string().max(2000).optional(),
  documentURI: z.string().max(2000).optional(),
});
export type TCspReportRequest = z.input<typeof ZCspReportRequest>;

export const ZListSecurityEventsQuery = z.object({
  type: z.enum(SECURITY_EVENT_TYPES, { error: "Unknown event type" }).optional(),
  before: z.iso.datetime({ offset: true, error: "Invalid date" }).optional(),
});

/* ---------- Responses ---------- */

export const ZGetCsrfTokenResponse = z.object({
  token: z.string().meta({
    description:
      "Send it back in the x-csrf-token header of every state-changing call; it is bound to this browser's cookies.",
  }),
});
export type TGetCsrfTokenResponse = z.infer<typeof ZGetCsrfTokenResponse>;

/** What the server enforces; the banner also reads the Content-Security-Policy header of this response. */
export const ZGetSecurityPostureResponse = z.object({
  csrf: z.object({ enforced: z.literal(true) }),
  rateLimiting: z.object({ enforced: z.boolean() }),
});
export type TGetSecurityPostureResponse = z.infer<typeof ZGetSecurityPostureResponse>;

export const ZReportSessionTimeoutResponse = z.object({ ok: z.literal(true) });
export type TReportSessionTimeoutResponse = z.infer<typeof ZReportSessionTimeoutResponse>;

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

/** Staff: the security log, newest first, one page at a time. */
export const ZListSecurityEventsResponse = z.object({
  events: z.array(ZSecurityEvent),
  nextBefore: z.iso.datetime().nullable().meta({
    description: "Pass it as `before` for the next page; null on the last page.",
  }),
});
export type TListSecurityEventsResponse = z.infer<typeof ZListSecurityEventsResponse>;
