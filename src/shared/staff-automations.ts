import { z } from "zod";
import {
  ZAutomationDetail,
  ZIngestKey,
  ZIssueIngestKeyResponse,
  ZListIngestKeysResponse,
  ZRevokeIngestKeyResponse,
} from "./automations";
import {
  AUTOMATION_HEALTH,
  AUTOMATION_STATUSES,
  ZCreateAutomationRequest,
  ZUpdateAutomationRequest,
} from "./automations";

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

export const ZCreateAutomationResponse = ZStaffAutomation;

export const ZUpdateAutomationResponse = ZStaffAutomation;

export const ZPauseAutomationResponse = ZStaffAutomation;

export const ZResumeAutomationResponse = ZStaffAutomation;

export const ZRetireAutomationResponse = ZStaffAutomation;

const ZCompanyIdParam = z.object({ id: z.uuid() });
const ZCompanyAutomationParam = z.object({ id: z.uuid(), automationId: z.uuid() });
const createExample = {
  name: "Invoice sync",
  purpose: "Copies paid invoices from the shop into the accounting system.",
  platform: "n8n",
  triggerDescription: "Every hour, and when an invoice is paid",
  expectedEveryMinutes: 60,
  minutesSavedPerRun: 6,
  status: "live",
  failureThreshold: 3,
};

/** Staff manage a client company's automations and their ingest keys (methods and paths: `operations/staff-automations.ts`). */
export const staffAutomationsSchemas = {
  listCompanyAutomations: { params: ZCompanyIdParam, response: ZListCompanyAutomationsResponse },
  createAutomation: {
    params: ZCompanyIdParam,
    body: ZCreateAutomationRequest.meta({ example: createExample }),
    response: ZCreateAutomationResponse,
  },
  updateAutomation: {
    params: ZCompanyAutomationParam,
    body: ZUpdateAutomationRequest.meta({ example: { minutesSavedPerRun: 8 } }),
    response: ZUpdateAutomationResponse,
  },
  pauseAutomation: { params: ZCompanyAutomationParam, response: ZPauseAutomationResponse },
  resumeAutomation: { params: ZCompanyAutomationParam, response: ZResumeAutomationResponse },
  retireAutomation: { params: ZCompanyAutomationParam, response: ZRetireAutomationResponse },
  listIngestKeys: { params: ZCompanyAutomationParam, response: ZListIngestKeysResponse },
  issueIngestKey: { params: ZCompanyAutomationParam, response: ZIssueIngestKeyResponse },
  revokeIngestKey: {
    params: ZCompanyAutomationParam.extend({ keyId: z.uuid() }),
    response: ZRevokeIngestKeyResponse,
  },
};
export type StaffAutomationsSchemas = typeof staffAutomationsSchemas;
