import { z } from "zod";
import { atMost, cleanedText, emailField, LIMITS } from "./fields";

/* The monthly value report (issue 27): a company's month in hours, money, runs, incidents,
   support and plan, as a page, a PDF and a mail. Words the screens need without zod:
   `reports-labels.ts`. */

/** A month as "YYYY-MM"; the report's days are the company's time zone's. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const ZReportMonthParam = z.object({
  month: z.string().regex(MONTH_PATTERN, "Month must look like 2026-10"),
});
export const ZStaffReportsParam = z.object({ id: z.uuid() });
export const ZStaffReportMonthParam = z.object({ id: z.uuid(), month: ZReportMonthParam.shape.month });

const count = () => z.number().int().min(0);
const minor = () => z.number().int().meta({ description: "Integer minor units of the company's currency." });
const rate = () =>
  z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: "Success ÷ (success + failed); null when neither happened." });

export const ZReportRuns = z.object({
  total: count(),
  success: count(),
  failed: count(),
  successRate: rate(),
});

export const ZReportAutomation = z.object({
  id: z.uuid(),
  name: z.string(),
  runs: count(),
  success: count(),
  failed: count(),
  successRate: rate(),
  minutesSaved: count(),
  promisedHoursPerMonth: count()
    .nullable()
    .meta({ description: "The approved proposal's hours a month of the plan item it went live as; null: none." }),
});

export const ZReportIncident = z.object({
  id: z.uuid(),
  automationName: z.string(),
  kind: z.enum(["failing", "stale"]),
  openedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  minutesToRecover: count().nullable().meta({ description: "Null while it is not recovered." }),
});

export const ZReportInvoice = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(["open", "paid"]),
  issuedAt: z.iso.datetime(),
  totalMinor: minor(),
});

export const ZReportSupport = z.object({
  opened: count(),
  answered: count(),
  answeredInTime: count(),
  averageFirstResponseMinutes: count().nullable(),
  resolved: count(),
  resolvedInTime: count(),
  averageResolutionMinutes: count().nullable(),
});

export const ZReportDay = z.object({
  day: z.string(),
  success: count(),
  failed: count(),
  skipped: count(),
  running: count(),
});

export const ZReportWeek = z.object({
  /** The week's first day within the month (a Monday, or the 1st). */
  from: z.string(),
  to: z.string(),
  minutesSaved: count(),
});

export const ZReportNote = z.object({
  body: z.string(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.string().nullable(),
});

export const ZMonthlyReport = z.object({
  company: z.object({ id: z.uuid(), name: z.string(), currency: z.string(), timeZone: z.string() }),
  month: z.string().meta({ description: "YYYY-MM" }),
  from: z.string().meta({ description: "The first day reported, YYYY-MM-DD: the 1st." }),
  to: z.string().meta({ description: "The last day reported (today in the month in progress)." }),
  complete: z.boolean().meta({ description: "False for the month in progress." }),
  partialSince: z
    .string()
    .nullable()
    .meta({ description: "The company's first day when it started during the month; null otherwise." }),
  hasRuns: z
    .boolean()
    .meta({ description: "False when no run was reported in the month: the figures are not results." }),
  hourlyValueMinor: minor()
    .nullable()
    .meta({ description: "The value of one hour of the client's time; null when the company has none set." }),
  minutesSaved: count(),
  moneySavedMinor: minor().nullable().meta({ description: "Null without an hourly value." }),
  feesMinor: minor().meta({ description: "The invoices issued in the month (open or paid), in total." }),
  invoices: z.array(ZReportInvoice),
  returnRatio: z
    .number()
    .nullable()
    .meta({ description: "Money saved ÷ fees; null without fees or without an hourly value." }),
  netValueMinor: minor().nullable().meta({ description: "Money saved − fees; null without an hourly value." }),
  runs: ZReportRuns,
  previousMonth: ZReportRuns.extend({ minutesSaved: count() }),
  automations: z.array(ZReportAutomation),
  incidents: z.array(ZReportIncident),
  support: ZReportSupport,
  plan: z.object({
    delivered: z.array(z.object({ id: z.uuid(), title: z.string(), liveAt: z.iso.datetime() })),
    inProgress: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        state: z.enum(["approved", "building"]),
        targetDate: z.string().nullable(),
      }),
    ),
    awaitingClient: z.array(z.object({ id: z.uuid(), title: z.string(), since: z.iso.datetime() })),
  }),
  days: z.array(ZReportDay),
  weeks: z.array(ZReportWeek),
  note: ZReportNote.nullable(),
  sentAt: z.iso.datetime().nullable().meta({ description: "When the month's report was mailed; null: not yet." }),
});
export type TMonthlyReport = z.infer<typeof ZMonthlyReport>;

export const ZReportMonth = z.object({
  month: z.string(),
  complete: z.boolean(),
  partial: z.boolean(),
  sentAt: z.iso.datetime().nullable(),
  hasNote: z.boolean(),
});
export const ZListReportsResponse = z.object({
  company: z.object({ id: z.uuid(), name: z.string(), timeZone: z.string() }),
  months: z
    .array(ZReportMonth)
    .meta({ description: "Newest first: the month in progress, then every month since the company started." }),
});
export type TListReportsResponse = z.infer<typeof ZListReportsResponse>;

export const ZGetReportResponse = z.object({ report: ZMonthlyReport });
export type TGetReportResponse = z.infer<typeof ZGetReportResponse>;

/** Staff's note for the month; an empty note removes it. */
export const ZSaveReportNoteRequest = z
  .object({
    body: cleanedText(LIMITS.longText).pipe(z.string().max(LIMITS.longText, atMost(LIMITS.longText))),
  })
  .meta({ example: { body: "We moved the invoice sync to the new accounting API and added retries." } });
export type TSaveReportNoteRequest = z.input<typeof ZSaveReportNoteRequest>;

export const ZSendReportRequest = z.object({ email: emailField }).meta({ example: { email: "finance@example.com" } });
export type TSendReportRequest = z.input<typeof ZSendReportRequest>;
export const ZSendReportResponse = z.object({ sentTo: z.string() });

/** The monthly report API, operation by operation (its methods and paths: `operations/reports.ts`). */
export const reportsSchemas = {
  listReports: { response: ZListReportsResponse },
  getReport: { params: ZReportMonthParam, response: ZGetReportResponse },
  downloadReportPdf: { params: ZReportMonthParam, response: null },
  listClientReports: { params: ZStaffReportsParam, response: ZListReportsResponse },
  getClientReport: { params: ZStaffReportMonthParam, response: ZGetReportResponse },
  downloadClientReportPdf: { params: ZStaffReportMonthParam, response: null },
  saveReportNote: { params: ZStaffReportMonthParam, body: ZSaveReportNoteRequest, response: ZGetReportResponse },
  sendReport: { params: ZStaffReportMonthParam, body: ZSendReportRequest, response: ZSendReportResponse },
};
export type ReportsSchemas = typeof reportsSchemas;
