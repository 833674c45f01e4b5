import { and, between, eq } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { rollup as d, sumOrZero } from "./rollup-figures";
import type { ServiceContext } from "../../context/service-context";

/** Runs by outcome and minutes saved over some days. */
export interface PeriodTotals {
  success: number;
  failed: number;
  running: number;
  skipped: number;
  minutesSaved: number;
}

/** Which days of which company: `from` and `to` both included, local days of its time zone. */
export interface CompanyDays {
  companyId: string;
  from: string;
  to: string;
}

const totals = {
  success: sumOrZero(d.success),
  failed: sumOrZero(d.failed),
  running: sumOrZero(d.running),
  skipped: sumOrZero(d.skipped),
  minutesSaved: sumOrZero(d.minutesSaved),
};

const daysOf = (ctx: ServiceContext, input: CompanyDays) =>
  and(inScope(d.companyId, ctx.scope), eq(d.companyId, input.companyId), between(d.day, input.from, input.to));

/**
 * Each automation's runs by outcome and minutes saved over the days (the monthly report's rows;
 * an automation without a rollup row in the days is absent). The company's totals are their sum.
 */
export async function automationTotalsBetween(
  ctx: ServiceContext,
  input: CompanyDays,
): Promise<Map<string, PeriodTotals>> {
  const rows = await ctx.db
    .select({ automationId: d.automationId, ...totals })
    .from(d)
    .where(daysOf(ctx, input))
    .groupBy(d.automationId);
  return new Map(rows.map(({ automationId, ...sums }) => [automationId, sums]));
}

/** The company's runs by outcome and minutes saved per day (days without runs are absent). */
export async function companyTotalsByDay(ctx: ServiceContext, input: CompanyDays): Promise<Map<string, PeriodTotals>> {
  const rows = await ctx.db
    .select({ day: d.day, ...totals })
    .from(d)
    .where(daysOf(ctx, input))
    .groupBy(d.day)
    .orderBy(d.day);
  return new Map(rows.map(({ day, ...sums }) => [day, sums]));
}

/** The company's totals over the days, in one read (the month before, in the monthly report). */
export async function companyTotalsBetween(ctx: ServiceContext, input: CompanyDays): Promise<PeriodTotals> {
  const [row] = await ctx.db.select(totals).from(d).where(daysOf(ctx, input));
  return row ?? { success: 0, failed: 0, running: 0, skipped: 0, minutesSaved: 0 };
}

/** Adds up period totals (the automations' rows into the company's month). */
export const addTotals = (all: Iterable<PeriodTotals>): PeriodTotals => {
  const sum: PeriodTotals = { success: 0, failed: 0, running: 0, skipped: 0, minutesSaved: 0 };
  for (const t of all) {
    sum.success += t.success;
    sum.failed += t.failed;
    sum.running += t.running;
    sum.skipped += t.skipped;
    sum.minutesSaved += t.minutesSaved;
  }
  return sum;
};

export const runsOf = (t: PeriodTotals) => t.success + t.failed + t.running + t.skipped;
