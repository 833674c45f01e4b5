import { z } from "zod";
import { DISPLAY_STATUSES, EDITABLE_STATUSES, PLATFORMS } from "./automation-labels";
import { LIMITS, longTextField, plainString, textField } from "./fields";
import { intField as int } from "./int-field";

export * from "./automation-labels";

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
export type TListAutomationsQuery = z.input<typeof ZListAutomationsQuery>;

/** An automation in a path: `/api/automations/{id}`. */
export const ZAutomationIdParam = z.object({ id: z.uuid() });
