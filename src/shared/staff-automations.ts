import { z } from "zod";
import { ZAutomationDetail, ZIngestKey } from "./automation-responses";
import { AUTOMATION_HEALTH, AUTOMATION_STATUSES } from "./automations";

/* ---------- A client's automations as staff manage them (under /api/staff/companies/{id}/automations) ---------- */

export const ZStaffAutomation = ZAutomationDetail.extend({
  lifecycleStatus: z.enum(AUTOMATION_STATUSES).meta({
    description: "What staff set: building, live or paused; retired is final (its keys are revoked).",
  }),
  health: z.enum(AUTOMATION_HEALTH).nullable().meta({
    description:
      "For a live automation: failing (failures in a row reached the threshold), stale (no run within the schedule) or ok; null otherwise.",
  }),
  activeKey: ZIngestKey.extend({ lastUsedAt: z.iso.datetime().nullable() })
    .nullable()
    .meta({ description: "The ingest key that works now (its prefix, never the key); null when there is none." }),
});
export type StaffAutomation = z.infer<typeof ZStaffAutomation>;

export const ZListCompanyAutomationsResponse = z.object({
  automations: z.array(ZStaffAutomation).meta({ description: "By name; retired automations last." }),
});
export type TListCompanyAutomationsResponse = z.infer<typeof ZListCompanyAutomationsResponse>;

export const ZCreateAutomationResponse = ZStaffAutomation;
export type TCreateAutomationResponse = z.infer<typeof ZCreateAutomationResponse>;

export const ZUpdateAutomationResponse = ZStaffAutomation;
export type TUpdateAutomationResponse = z.infer<typeof ZUpdateAutomationResponse>;

export const ZPauseAutomationResponse = ZStaffAutomation;
export type TPauseAutomationResponse = z.infer<typeof ZPauseAutomationResponse>;

export const ZResumeAutomationResponse = ZStaffAutomation;
export type TResumeAutomationResponse = z.infer<typeof ZResumeAutomationResponse>;

export const ZRetireAutomationResponse = ZStaffAutomation;
export type TRetireAutomationResponse = z.infer<typeof ZRetireAutomationResponse>;
