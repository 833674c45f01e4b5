import { and, eq } from "drizzle-orm";
import { requireCompany } from "../../context/company-scope";
import { user } from "../../db/schema/auth";
import { monthlyReportNote, monthlyReportSending } from "../../db/schema/reports";
import { incidentsInPeriod } from "../automations";
import { invoicesIssuedBetween } from "../billing";
import { planInPeriod } from "../plan";
import {
  addTotals,
  automationTotalsBetween,
  companyTotalsBetween,
  companyTotalsByDay,
  moneySavedMinor,
  runsOf,
  successRate,
  type PeriodTotals,
} from "../run-figures";
import { ticketsInPeriod } from "../support";
import { narrowedTo } from "./narrowed-to";
import { automationRows } from "./report-automations";
import { daysOf, reportMonth, weeksOf, type ReportMonth } from "./report-month";
import type { TMonthlyReport } from "../../../shared/reports";
import type { ServiceContext } from "../../context/service-context";

const runsFigures = (t: PeriodTotals) => ({
  total: runsOf(t),
  success: t.success,
  failed: t.failed,
  successRate: successRate(t.success, t.failed),
});

const MINUTE_MS = 60_000;

/**
 * One company's report for a month (`YYYY-MM`, its own time zone's), from the same reads as the
 * dashboard, the clients table and the digest: the daily rollup through `run-figures`, and the
 * incident, invoice, ticket and plan reads of their modules. The caller has checked that the
 * reader may see the company; every read is still narrowed to it.
 */
export async function monthlyReport(
  ctx: ServiceContext,
  input: { companyId: string; month: string },
): Promise<TMonthlyReport> {
  const scoped = narrowedTo(ctx, input.companyId);
  const company = await requireCompany(ctx.db, input.companyId);
  const m = reportMonth({ month: input.month, timeZone: company.timeZone, createdAt: company.createdAt, now: ctx.now });
  const days = { companyId: company.id, from: m.from, to: m.to };
  const instants = { companyId: company.id, from: m.startsAt, before: m.endsAt };
  const perAutomation = await automationTotalsBetween(scoped, days);
  const month = addTotals(perAutomation.values());
  const previous = await companyTotalsBetween(scoped, {
    companyId: company.id,
    from: m.previous.first,
    to: m.previous.last,
  });
  const plan = await planInPeriod(scoped, instants);
  const invoices = await invoicesIssuedBetween(scoped, instants);
  const hourly = company.hourlyValueMinor > 0 ? company.hourlyValueMinor : null;
  const money = hourly === null ? null : moneySavedMinor(month.minutesSaved, hourly);
  const fees = invoices.reduce((sum, invoice) => sum + invoice.totalMinor, 0);
  return {
    company: { id: company.id, name: company.name, currency: company.currency, timeZone: company.timeZone },
    month: m.month,
    from: m.from,
    to: m.to,
    complete: m.complete,
    partialSince: m.partialSince,
    hasRuns: runsOf(month) > 0,
    hourlyValueMinor: hourly,
    minutesSaved: month.minutesSaved,
    moneySavedMinor: money,
    feesMinor: fees,
    invoices: invoices.map(({ currency: _currency, ...invoice }) => invoice),
    returnRatio: money === null || fees === 0 ? null : money / fees,
    netValueMinor: money === null ? null : money - fees,
    runs: runsFigures(month),
    previousMonth: { ...runsFigures(previous), minutesSaved: previous.minutesSaved },
    automations: await automationRows(scoped, { companyId: company.id, perAutomation, plan }),
    incidents: (await incidentsInPeriod(scoped, instants)).map(withRecovery),
    support: await ticketsInPeriod(scoped, instants),
    plan: { delivered: plan.delivered, inProgress: plan.inProgress, awaitingClient: plan.awaitingClient },
    ...(await chartSeries(scoped, m, days)),
    ...(await noteAndSending(ctx, { companyId: company.id, first: m.first })),
  };
}

function withRecovery(incident: Awaited<ReturnType<typeof incidentsInPeriod>>[number]) {
  const { automationId: _automationId, ...rest } = incident;
  const took = rest.resolvedAt ? Date.parse(rest.resolvedAt) - Date.parse(rest.openedAt) : null;
  return { ...rest, minutesToRecover: took === null ? null : Math.round(took / MINUTE_MS) };
}

/** Runs per day by outcome (every day of the month reported, zeros included) and hours saved per week. */
async function chartSeries(ctx: ServiceContext, m: ReportMonth, days: { companyId: string; from: string; to: string }) {
  const byDay = await companyTotalsByDay(ctx, days);
  const zero: PeriodTotals = { success: 0, failed: 0, running: 0, skipped: 0, minutesSaved: 0 };
  const series = daysOf(m.from, m.to).map((day) => ({ day, ...(byDay.get(day) ?? zero) }));
  return {
    days: series.map(({ day, success, failed, skipped, running }) => ({ day, success, failed, skipped, running })),
    weeks: weeksOf(m.from, m.to).map((week) => ({
      ...week,
      minutesSaved: series
        .filter((day) => day.day >= week.from && day.day <= week.to)
        .reduce((sum, day) => sum + day.minutesSaved, 0),
    })),
  };
}

/** Staff's note for the month and when the report was mailed. */
async function noteAndSending(ctx: ServiceContext, input: { companyId: string; first: string }) {
  const [note] = await ctx.db
    .select({ body: monthlyReportNote.body, updatedAt: monthlyReportNote.updatedAt, updatedBy: user.name })
    .from(monthlyReportNote)
    .leftJoin(user, eq(user.id, monthlyReportNote.updatedBy))
    .where(and(eq(monthlyReportNote.companyId, input.companyId), eq(monthlyReportNote.month, input.first)));
  const [sending] = await ctx.db
    .select({ sentAt: monthlyReportSending.sentAt })
    .from(monthlyReportSending)
    .where(and(eq(monthlyReportSending.companyId, input.companyId), eq(monthlyReportSending.month, input.first)));
  return {
    note: note ? { body: note.body, updatedAt: note.updatedAt.toISOString(), updatedBy: note.updatedBy } : null,
    sentAt: sending?.sentAt.toISOString() ?? null,
  };
}
