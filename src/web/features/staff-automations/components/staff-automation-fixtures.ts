import type { StaffAutomation } from "../../../../shared/staff-automations";

/** Data for the tab's component tests, shaped as the server answers (its tests check the shape). */
export const COMPANY_ID = "3c1f6a2e-5b7d-4e8f-9a10-2b3c4d5e6f70";
export const INVOICE_ID = "6f1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10";
export const LEADS_ID = "7a2d3b5f-9c2e-4d4a-8b68-1e3f5a7c9b21";
export const KEY_ID = "0b7e3c52-1f4a-4d8e-b6a9-3c5d7e9f1a20";
export const BASE = `/api/staff/companies/${COMPANY_ID}/automations`;

export function staffAutomation(overrides: Partial<StaffAutomation> = {}): StaffAutomation {
  return {
    id: INVOICE_ID,
    companyId: COMPANY_ID,
    companyName: "Acme Ltd",
    name: "Invoice sync",
    purpose: "Copies paid invoices into the books.",
    platform: "n8n",
    triggerDescription: "Every hour",
    expectedEveryMinutes: 60,
    minutesSavedPerRun: 6,
    status: "live",
    lifecycleStatus: "live",
    health: "ok",
    consecutiveFailures: 0,
    failureThreshold: 3,
    lastRunAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    lastRunStatus: "success",
    successRate7d: 1,
    successRate30d: 1,
    runsThisMonth: 10,
    successfulRunsThisMonth: 10,
    minutesSavedThisMonth: 60,
    minutesSavedLifetime: 600,
    successfulRunsLifetime: 100,
    trend14d: Array.from({ length: 14 }, () => 1),
    createdAt: "2026-01-01T09:00:00Z",
    updatedAt: "2026-01-01T09:00:00Z",
    createdBy: "Sam",
    updatedBy: "Sam",
    activeKey: {
      id: KEY_ID,
      prefix: "cwk_Ab3dEf",
      createdAt: "2026-01-01T09:00:00Z",
      lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
    ...overrides,
  };
}

/** Lead routing: paused, failing before it was paused, and without a key. */
export const pausedWithoutKey = () =>
  staffAutomation({
    id: LEADS_ID,
    name: "Lead routing",
    platform: "make",
    status: "paused",
    lifecycleStatus: "paused",
    health: null,
    expectedEveryMinutes: null,
    lastRunAt: null,
    lastRunStatus: null,
    activeKey: null,
  });
