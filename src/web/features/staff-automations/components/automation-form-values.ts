import type { TCreateAutomationRequest, ZCreateAutomationRequest } from "../../../../shared/automations";
import type { StaffAutomation } from "../../../../shared/staff-automations";
import type { DefaultValues } from "react-hook-form";
import type { z } from "zod";

export type FormValues = TCreateAutomationRequest;
export type ParsedValues = z.output<typeof ZCreateAutomationRequest>;
type Field = keyof ParsedValues;
/** Every field of the form, in its order. */
export const FORM_FIELDS: Field[] = [
  "name",
  "purpose",
  "platform",
  "triggerDescription",
  "expectedEveryMinutes",
  "minutesSavedPerRun",
  "status",
  "failureThreshold",
];

export const NEW_AUTOMATION: DefaultValues<FormValues> = {
  name: "",
  purpose: "",
  platform: "n8n",
  triggerDescription: "",
  expectedEveryMinutes: null,
  status: "building",
  failureThreshold: 3,
};

/** The stored values of an automation, as the form edits them. */
export const valuesOf = (a: StaffAutomation): ParsedValues => ({
  name: a.name,
  purpose: a.purpose,
  platform: a.platform,
  triggerDescription: a.triggerDescription,
  expectedEveryMinutes: a.expectedEveryMinutes,
  minutesSavedPerRun: a.minutesSavedPerRun,
  // A retired automation is never edited; the form has no such status.
  status: a.lifecycleStatus === "retired" ? "paused" : a.lifecycleStatus,
  failureThreshold: a.failureThreshold,
});

/** A number field's text as the schema reads it: empty is missing ("Required"). */
export const asNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? undefined : Number(value);
