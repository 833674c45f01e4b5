import { z } from "zod";
import { LIMITS, longTextField, plainString, textField } from "./fields";
import { intField as int } from "./int-field";

export const PLATFORMS = ["n8n", "make", "zapier", "custom"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  n8n: "n8n",
  make: "Make",
  zapier: "Zapier",
  custom: "Custom code",
};

/** Stored statuses. Retired is final: reached only by retiring, never set by an edit. */
export const AUTOMATION_STATUSES = ["building", "live", "paused", "retired"] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];
/** The statuses staff choose in the automation form. */
export const EDITABLE_STATUSES = ["building", "live", "paused"] as const;
/** What clients see: Failing and Stale are derived from the runs of a Live automation. */
export const DISPLAY_STATUSES = ["building", "live", "paused", "failing", "stale", "retired"] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];
export const STATUS_LABELS: Record<DisplayStatus, string> = {
  building: "Building",
  live: "Live",
  paused: "Paused",
  failing: "Failing",
  stale: "Stale",
  retired: "Retired",
};

/** How a Live automation is doing, from its runs: Failing (N failures in a row), Stale (no run within its schedule). */
export const AUTOMATION_HEALTH = ["ok", "failing", "stale"] as const;
export type AutomationHealth = (typeof AUTOMATION_HEALTH)[number];
export const HEALTH_LABELS: Record<AutomationHealth, string> = { ok: "OK", failing: "Failing", stale: "Stale" };

export const RUN_STATUSES = ["success", "failed", "running", "skipped"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  success: "Succeeded",
  failed: "Failed",
  running: "Running",
  skipped: "Skipped",
};

export const MAX_BATCH_RUNS = 500;
export const RUNS_PAGE_SIZE = 25;
export const SCHEDULE_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;

/** An automation's fields as staff write them; no defaults here, so a partial update changes only what it sends. */
const automationFields = z.object({
  name: textField,
  purpose: longTextField,
  platform: z.enum(PLATFORMS, { error: `Platform must be one of ${PLATFORMS.join(", ")}` }),
  triggerDescription: textField,
  /** At least one run every this many minutes; null when there is no schedule. */
  expectedEveryMinutes: int("Expected schedule", 1, 60 * 24 * 365).nullable(),
  minutesSavedPerRun: int("Minutes saved per run", 0, 60 * 24 * 7),
  status: z.enum(EDITABLE_STATUSES, { error: `Status must be one of ${EDITABLE_STATUSES.join(", ")}` }),
  failureThreshold: int("Failures before alert", 1, 100),
});

/** Staff register an automation for a client company (the company is in the path). */
export const ZCreateAutomationRequest = automationFields.extend({
  expectedEveryMinutes: automationFields.shape.expectedEveryMinutes.default(null),
  status: automationFields.shape.status.default("building"),
  failureThreshold: automationFields.shape.failureThreshold.default(3),
});
export type TCreateAutomationRequest = z.input<typeof ZCreateAutomationRequest>;

export const ZUpdateAutomationRequest = automationFields
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to change" });
export type TUpdateAutomationRequest = z.input<typeof ZUpdateAutomationRequest>;

export const ZListAutomationsQuery = z.object({
  search: plainString(LIMITS.text).optional(),
  status: z.enum(DISPLAY_STATUSES).optional(),
  companyId: z.uuid().optional(),
});
