import { z } from "zod";
import { cleanedText, LIMITS, atMost } from "./fields";
import { APPROVAL_STATES, durationProblem, parseDuration, MAX_ENTRY_MINUTES } from "./hours-labels";
import { intField } from "./int-field";
import { plausibleDay } from "./plausible-dates";

/** Retainer hours (ADR 0033): the terms, the period's figures, the entries, the timer. */

const minutes = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description}, in minutes.` });

export const ZHoursTerms = z.object({
  includedMinutes: intField("Included time", 0, 100_000 * 60).meta({ description: "Minutes included each month." }),
  overageRateMinor: intField("Rate", 0, 10_000_000).meta({
    description: "What an hour beyond the budget costs, in minor units of currency.",
  }),
  hoursRollover: z.boolean().meta({ description: "Whether unused included time carries into the next period." }),
  rolloverCapMinutes: intField("Rollover cap", 0, 100_000 * 60).meta({
    description: "The most that carries over, in minutes.",
  }),
  overageNeedsApproval: z.boolean().meta({ description: "Whether time beyond the budget waits for the owner." }),
});
export type THoursTerms = z.infer<typeof ZHoursTerms>;

/** A duration as typed ("1h 30m", "1.5") or as minutes; answered as minutes by the one shared parser. */
export const durationField = z
  .union([z.string().max(40, atMost(40)), z.number()])
  .transform((value, ctx) => {
    const typed = typeof value === "number" ? String(value / 60) : value;
    const problem = typeof value === "number" ? numberProblem(value) : durationProblem(typed);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return typeof value === "number" ? value : parseDuration(typed)!;
  })
  .meta({ description: 'Minutes (a number) or a duration as typed: "1h 30m", "90m", "1.5" (hours).' });

function numberProblem(value: number) {
  if (!Number.isInteger(value)) return "Minutes must be a whole number";
  if (value < 1) return "Enter at least 1 minute";
  if (value > MAX_ENTRY_MINUTES) return "One entry holds at most 24h";
  return null;
}

const descriptionField = cleanedText(LIMITS.text).pipe(
  z.string().min(1, "Say what was done: the client reads it").max(LIMITS.text, atMost(LIMITS.text)),
);
const internalNoteField = cleanedText(LIMITS.longText)
  .pipe(z.string().max(LIMITS.longText, atMost(LIMITS.longText)))
  .optional()
  .transform((value) => (value ? value : null));

export const ZTimeEntry = z.object({
  id: z.uuid(),
  day: z.string().meta({ description: "The day in the company's time zone." }),
  minutes: minutes("How long"),
  description: z.string().meta({ description: "What was done, as the client reads it." }),
  billable: z.boolean(),
  by: z.string().nullable().meta({ description: "Who did the work." }),
  ticket: z.object({ id: z.uuid(), subject: z.string() }).nullable(),
  planItem: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  extraMinutes: minutes("The part beyond the budget when it was logged, on a plan that needs approval"),
  approval: z.enum(APPROVAL_STATES).nullable(),
  locked: z.boolean().meta({ description: "True once its period is invoiced: it can no longer change." }),
});
export type TTimeEntry = z.infer<typeof ZTimeEntry>;

/** Staff see who logged it and the internal note; a client never does. */
export const ZStaffTimeEntry = ZTimeEntry.extend({
  internalNote: z.string().nullable(),
  userId: z.string().nullable(),
});
export type TStaffTimeEntry = z.infer<typeof ZStaffTimeEntry>;

export const ZHoursSummary = z.object({
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  firstDay: z.string(),
  lastDay: z.string(),
  subscribed: z
    .boolean()
    .meta({ description: "False: no plan, so the calendar month is shown and nothing is billed." }),
  currency: z.string(),
  terms: ZHoursTerms,
  includedMinutes: minutes("Included this period (prorated over a mid-period plan change)"),
  rolledOverMinutes: minutes("Carried over from the previous period"),
  usedMinutes: minutes("Billable time used, declined extra time left out"),
  leftMinutes: minutes("What is left of included + rolled over"),
  awaitingMinutes: minutes("Time beyond the budget awaiting the owner's approval"),
  approvedMinutes: minutes("Extra time the owner approved"),
  declinedMinutes: minutes("Extra time the owner declined: never billed"),
  overageMinutes: minutes("What would be billed as extra hours if the period ended now"),
  overageMinor: z.number().int().meta({ description: "Its amount, in minor units of currency." }),
  burnDown: z.array(z.object({ day: z.string(), leftMinutes: z.number().int() })),
});
export type THoursSummary = z.infer<typeof ZHoursSummary>;

export const ZGetHoursResponse = z.object({ hours: ZHoursSummary, entries: z.array(ZTimeEntry) });
export type TGetHoursResponse = z.infer<typeof ZGetHoursResponse>;

export const ZStaffHoursResponse = z.object({
  hours: ZHoursSummary,
  source: z.enum(["plan", "override", "none"]),
  entries: z.array(ZStaffTimeEntry),
});
export type TStaffHoursResponse = z.infer<typeof ZStaffHoursResponse>;

export const ZDecideExtraHoursRequest = z
  .object({
    decision: z.enum(["approve", "decline"], { error: "Choose approve or decline" }),
    confirmedMinutes: intField("Minutes", 1, 1_000_000).meta({
      description: "The awaiting minutes the owner saw: a different figure is a 409 that changes nothing.",
    }),
  })
  .meta({ example: { decision: "approve", confirmedMinutes: 210 } });

const entryTarget = {
  ticketId: z.uuid("Not a valid ticket").nullable().optional(),
  planItemId: z.uuid("Not a valid plan item").nullable().optional(),
};

export const ZCreateTimeEntryRequest = z
  .object({
    day: plausibleDay(0),
    duration: durationField,
    description: descriptionField,
    internalNote: internalNoteField,
    billable: z.boolean().default(true),
    ...entryTarget,
  })
  .meta({ example: { day: "2026-11-20", duration: "1h 30m", description: "Fixed the invoice sync", billable: true } });

/** On a correction: absent keeps the note, an empty one removes it. */
const internalNoteUpdate = cleanedText(LIMITS.longText)
  .pipe(z.string().max(LIMITS.longText, atMost(LIMITS.longText)))
  .transform((value) => (value ? value : null))
  .optional();

export const ZUpdateTimeEntryRequest = z
  .object({
    day: plausibleDay(0).optional(),
    duration: durationField.optional(),
    description: descriptionField.optional(),
    internalNote: internalNoteUpdate,
    billable: z.boolean().optional(),
  })
  .meta({ example: { duration: "2h" } });

export const ZTimeEntryResponse = z.object({ entry: ZStaffTimeEntry });

export const ZTimer = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  ticketId: z.uuid().nullable(),
  planItemId: z.uuid().nullable(),
  startedAt: z.iso.datetime(),
});
export const ZTimerResponse = z.object({ timer: ZTimer.nullable() });

export const ZStartTimerRequest = z
  .object({ ...entryTarget })
  .refine(
    (value) => Boolean(value.ticketId) !== Boolean(value.planItemId),
    "Start the timer on a ticket or a plan item",
  )
  .meta({ example: { ticketId: "6f1c6a38-7a3e-4b8e-9a57-1f0a0c7c1f10" } });

export const ZStopTimerRequest = z
  .object({ description: descriptionField, internalNote: internalNoteField, billable: z.boolean().default(true) })
  .meta({ example: { description: "Looked into the failed run", billable: true } });

export const ZSetHoursTermsRequest = z
  .object({ override: ZHoursTerms.nullable().meta({ description: "Null: follow the plan's terms again." }) })
  .meta({
    example: {
      override: {
        includedMinutes: 600,
        overageRateMinor: 9500,
        hoursRollover: true,
        rolloverCapMinutes: 300,
        overageNeedsApproval: true,
      },
    },
  });

export const ZSetPlanHoursRequest = ZHoursTerms.extend({ planSlug: z.string().max(60, atMost(60)) }).meta({
  example: {
    planSlug: "growth",
    includedMinutes: 600,
    overageRateMinor: 9500,
    hoursRollover: false,
    rolloverCapMinutes: 0,
    overageNeedsApproval: false,
  },
});
/** Staff: every plan (on sale or not) with its hours terms and the clients following them. */
export const ZPlanHours = z.object({
  slug: z.string(),
  name: z.string(),
  active: z.boolean().meta({ description: "False: no longer on sale; subscriptions on it keep it." }),
  currency: z.string(),
  monthlyPriceMinor: z.number().int().min(0),
  yearlyPriceMinor: z.number().int().min(0),
  includedAutomations: z.number().int().min(0),
  monthlyRunAllowance: z.number().int().min(0),
  terms: ZHoursTerms,
  subscribedCompanies: z
    .number()
    .int()
    .min(0)
    .meta({ description: "Clients on the plan (subscriptions not canceled)." }),
  ownTermsCompanies: z.number().int().min(0).meta({
    description:
      "Of those, the clients with hours terms of their own: a change of the plan's terms leaves them as they are.",
  }),
});
export type TPlanHours = z.infer<typeof ZPlanHours>;
export const ZListPlanHoursResponse = z.object({ plans: z.array(ZPlanHours) });

export const ZSetPlanHoursResponse = z.object({ planSlug: z.string(), terms: ZHoursTerms });

/** Staff overview: this period's time not invoiced yet, and the clients beyond their budget. */
export const ZHoursOverviewResponse = z.object({
  unbilledMinutes: z.number().int().min(0).meta({
    description:
      "Billable minutes logged in each client's current period, not invoiced yet (declined extra time left out).",
  }),
  overBudget: z
    .array(
      z.object({
        company: z.object({ id: z.uuid(), name: z.string() }),
        usedMinutes: z.number().int().min(0),
        includedMinutes: z.number().int().min(0),
      }),
    )
    .meta({ description: "Clients whose time this period is beyond their monthly included hours, most over first." }),
});
export type THoursOverviewResponse = z.infer<typeof ZHoursOverviewResponse>;

export const ZHoursIdParam = z.object({ id: z.uuid() });
export const ZDeletedResponse = z.object({ deleted: z.literal(true) });

export const hoursSchemas = {
  getHours: { response: ZGetHoursResponse },
  decideExtraHours: { body: ZDecideExtraHoursRequest, response: ZGetHoursResponse },
  getClientHours: { params: ZHoursIdParam, response: ZStaffHoursResponse },
  setClientHoursTerms: { params: ZHoursIdParam, body: ZSetHoursTermsRequest, response: ZStaffHoursResponse },
  listPlanHours: { response: ZListPlanHoursResponse },
  setPlanHours: { body: ZSetPlanHoursRequest, response: ZSetPlanHoursResponse },
  createTimeEntry: { params: ZHoursIdParam, body: ZCreateTimeEntryRequest, response: ZTimeEntryResponse },
  updateTimeEntry: { params: ZHoursIdParam, body: ZUpdateTimeEntryRequest, response: ZTimeEntryResponse },
  deleteTimeEntry: { params: ZHoursIdParam, response: ZDeletedResponse },
  getTimer: { response: ZTimerResponse },
  getHoursOverview: { response: ZHoursOverviewResponse },
  startTimer: { body: ZStartTimerRequest, response: ZTimerResponse },
  stopTimer: { body: ZStopTimerRequest, response: ZTimeEntryResponse },
};
export type HoursSchemas = typeof hoursSchemas;
