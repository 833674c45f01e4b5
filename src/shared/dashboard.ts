import { z } from "zod";
import { RUN_STATUSES } from "./automations";

const count = () => z.number().int().min(0);

export const ZDashboardDay = z.object({
  day: z.iso.date().meta({ description: "A UTC day, such as 2026-01-31." }),
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
  minutesSavedThisMonth: count(),
  minutesSavedLastMonth: count(),
  moneySavedThisMonthMinor: count().meta({
    description: "Minutes saved × the company's hourly value, in minor units of currency.",
  }),
  moneySavedLastMonthMinor: count().meta({
    description: "Minutes saved × the company's hourly value, in minor units of currency.",
  }),
  currency: z.string(),
  runsThisMonth: count(),
  successRateThisMonth: z.number().min(0).max(1).nullable().meta({
    description: "Successes / (successes + failures); null without finished runs.",
  }),
  days30: z.array(ZDashboardDay).length(30).meta({
    description: "Runs per UTC day by status, oldest first, ending today.",
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
  emailUnconfirmed: z.boolean(),
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
