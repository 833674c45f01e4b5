/**
 * Automations' words (platforms, statuses, health, run results) and their labels. No schema here:
 * a screen that only shows them does not load zod (automations.ts re-exports them).
 */
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
