import { z } from "zod";
import { SECURITY_EVENT_TYPES } from "./security-posture";

/** What the browser's securitypolicyviolation listener reports. */
export const cspReportRequest = z.object({
  directive: z.string().trim().min(1, "Required").max(100),
  blockedURI: z.string().max(2000).optional(),
  sourceFile: z.string().max(2000).optional(),
  documentURI: z.string().max(2000).optional(),
});
export type TCspReportRequest = z.input<typeof cspReportRequest>;

export const securityEventsQuery = z.object({
  type: z.enum(SECURITY_EVENT_TYPES, { error: "Unknown event type" }).optional(),
  before: z.iso.datetime({ offset: true, error: "Invalid date" }).optional(),
});
export type TListSecurityEventsQuery = z.input<typeof securityEventsQuery>;

export const ZSecurityEvent = z
  .object({
    id: z.uuid(),
    type: z.enum(SECURITY_EVENT_TYPES),
    message: z.string(),
    userId: z.string().nullable(),
    email: z.string().nullable(),
    ip: z.string().nullable(),
    path: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "SecurityEvent" });

export const ZListSecurityEventsResponse = z.object({
  events: z.array(ZSecurityEvent),
  nextBefore: z.iso.datetime({ offset: true }).nullable().meta({ description: "Pass as `before` for the next page." }),
});
export type TListSecurityEventsResponse = z.infer<typeof ZListSecurityEventsResponse>;

export const ZGetCsrfTokenResponse = z.object({
  token: z.string().meta({ description: "Send it in X-CSRF-Token on every state-changing call." }),
});
export type TGetCsrfTokenResponse = z.infer<typeof ZGetCsrfTokenResponse>;

export const ZGetSecurityPostureResponse = z.object({
  csrf: z.object({ enforced: z.boolean() }),
  rateLimiting: z.object({ enforced: z.boolean() }),
});
export type TGetSecurityPostureResponse = z.infer<typeof ZGetSecurityPostureResponse>;

export const ZEndSessionResponse = z.object({ ok: z.literal(true) });
export type TEndSessionResponse = z.infer<typeof ZEndSessionResponse>;
