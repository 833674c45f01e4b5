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
