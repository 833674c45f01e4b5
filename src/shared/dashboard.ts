import { z } from "zod";
import { RUN_STATUSES } from "./automations";

const count = () => z.number().int().min(0);

export const ZDashboardDay = z.object({
  day: z.iso
    .date()
    .meta({ description: "A day in the company's time zone (UTC for staff's all-company view), such as 2026-01-31." }),
  success: count(),
  failed: count(),
  skipped: count(),
  running: count(),
});
export type DashboardDay = z.infer<typeof ZDashboardDay>;

/** The client home (staff see every company's figures, without a company of their own). */
export const ZGetDashboardResponse = z.object({
  company: z
    .object({
      id: z.uuid(),
      name: z.string(),
      hourlyValueMinor: count().meta({
        description: "What an hour of the client's staff time is worth, in minor units of currency.",
      }),
      currency: z.string(),
      timeZone: z.string().meta({ description: "IANA time zone: the days and months here are its own." }),
      role: z.enum(["owner", "member"]).nullable(),
    })
    .nullable()
    .meta({
      description: "The company the figures are for; null for staff's all-company view and for accounts without one.",
    }),
  automations: z.object({
    total: count(),
    live: count().meta({
      description: "Stored as Live, whether or not Failing or Stale.",
    }),
  }),
  minutesSavedThisMonth: count().meta({ description: "This month so far in the company's time zone, today included." }),
  minutesSavedLastMonth: count().meta({
    description: "The same days of last month (see comparedWith), not the whole month.",
  }),
  moneySavedThisMonthMinor: count().meta({
    description: "Minutes saved × the company's hourly value, in minor units of currency.",
  }),
  moneySavedLastMonthMinor: count().meta({
    description: "The same, over the same days of last month (see comparedWith).",
  }),
  costThisMonth: z
    .object({
      planMinor: count().meta({ description: "The plan's monthly value (a yearly price as a twelfth); 0 in a trial." }),
      chargesMinor: z.number().int().meta({
        description: "Setup fees, prorations, one-offs and credits on invoices issued this month (credits negative).",
      }),
      totalMinor: z.number().int(),
    })
    .nullable()
    .meta({
      description:
        "What the company pays the agency this month, before tax, beside moneySavedThisMonthMinor; null for staff's " +
        "all-company view and for a company with no plan and nothing invoiced this month.",
    }),
  comparedWith: z.object({ from: z.iso.date(), to: z.iso.date() }).meta({
    description: "The days of last month the 'last month' figures cover: the 1st to today's day of the month.",
  }),
  currency: z.string(),
  runsThisMonth: count(),
  successRateThisMonth: z.number().min(0).max(1).nullable().meta({
    description: "Successes / (successes + failures); null without finished runs.",
  }),
  days30: z.array(ZDashboardDay).length(30).meta({
    description: "Runs per day (in the company's time zone) by status, oldest first, ending today (a partial day).",
  }),
  attention: z.array(
    z.object({
      automationId: z.uuid(),
      name: z.string(),
      status: z.enum(["failing", "stale"]),
      since: z.iso.datetime().nullable().meta({
        description: "When it started failing or went stale, when known.",
      }),
      detail: z.string().meta({
        description: "One sentence for the client, such as 'Failed 3 times in a row.'",
      }),
    }),
  ),
  proposalsAwaiting: z
    .array(z.object({ itemId: z.uuid(), title: z.string(), version: z.number().int(), since: z.iso.datetime() }))
    .meta({ description: "Automation plan proposals waiting for the client's approval, oldest first." }),
  emailUnconfirmed: z.boolean(),
  ticketsWaiting: z
    .array(z.object({ ticketId: z.uuid(), subject: z.string(), since: z.iso.datetime() }))
    .meta({ description: "Support tickets waiting on the client's answer (at most 5)." }),
  invoicesUnpaid: z
    .array(
      z.object({
        invoiceId: z.uuid(),
        number: z.string(),
        totalMinor: count().meta({ description: "The total, tax included, in minor units of currency." }),
        currency: z.string(),
        dueAt: z.iso.datetime().nullable(),
        overdue: z.boolean(),
      }),
    )
    .meta({ description: "The company's open invoices, the one due first first (at most 5; none for staff)." }),
  recent: z
    .array(
      z.object({
        runId: z.uuid(),
        automationId: z.uuid(),
        automationName: z.string(),
        status: z.enum(RUN_STATUSES),
        startedAt: z.iso.datetime(),
        errorMessage: z.string().nullable(),
      }),
    )
    .max(8)
    .meta({ description: "The newest runs, newest first." }),
});
export type TGetDashboardResponse = z.infer<typeof ZGetDashboardResponse>;

/** The client home (its method and path: `operations/dashboard.ts`). */
export const dashboardSchemas = {
  getDashboard: { response: ZGetDashboardResponse },
};
export type DashboardSchemas = typeof dashboardSchemas;
