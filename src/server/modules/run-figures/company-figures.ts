import { and, between, eq, gte, sql, type SQL } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { company } from "../../db/schema/companies";
import { finishedRuns, minutesValueMinor, rollup as d, sumWhere, totalRuns } from "./rollup-figures";
import type { ServiceContext } from "../../context/service-context";

const num = (value: unknown) => Number(value ?? 0);

/**
 * The companies in the context's scope, this month (from `monthStart`) against the same days of
 * last month (from `lastMonthStart` to `lastMonthTo`): minutes and money saved, and this month's
 * runs, successes and failures. Sums are null when no day matches.
 */
export async function monthFigures(
  ctx: ServiceContext,
  input: { monthStart: string; lastMonthStart: string; lastMonthTo: string },
) {
  const { monthStart: m0, lastMonthStart: m1, lastMonthTo: lastTo } = input;
  const thisMonth = sql`${d.day} >= ${m0}`;
  const lastMonth = sql`${d.day} <= ${lastTo}`;
  const [figures] = await ctx.db
    .select({
      minThis: sumWhere(d.minutesSaved, thisMonth),
      minLast: sumWhere(d.minutesSaved, lastMonth),
      moneyThis: sql`round(${sumWhere(minutesValueMinor, thisMonth)})`,
      moneyLast: sql`round(${sumWhere(minutesValueMinor, lastMonth)})`,
      runsThis: sumWhere(totalRuns, thisMonth),
      successThis: sumWhere(d.success, thisMonth),
      failedThis: sumWhere(d.failed, thisMonth),
    })
    .from(d)
    .innerJoin(company, eq(company.id, d.companyId))
    .where(and(inScope(d.companyId, ctx.scope), gte(d.day, m1)));
  return figures;
}

/** The runs of the companies in scope by status, per day from `from` on (days without runs are absent). */
export async function runsByDay(ctx: ServiceContext, input: { from: string }) {
  const rows = await ctx.db
    .select({
      day: d.day,
      success: sql`sum(${d.success})`,
      failed: sql`sum(${d.failed})`,
      skipped: sql`sum(${d.skipped})`,
      running: sql`sum(${d.running})`,
    })
    .from(d)
    .where(and(inScope(d.companyId, ctx.scope), gte(d.day, input.from)))
    .groupBy(d.day);
  return new Map(
    rows.map((row) => [
      row.day,
      { success: num(row.success), failed: num(row.failed), skipped: num(row.skipped), running: num(row.running) },
    ]),
  );
}

/**
 * `monthFigures` and `runsByDay` of one company as JSON values, for a statement that reads a whole
 * screen at once (the dashboard, ADR 0035): the company id and the days are SQL of that statement
 * (there, computed from the company's time zone in the same statement). `monthFiguresFrom` and
 * `runsByDayFrom` turn them into those functions' answers.
 */
export function monthFiguresJson(companyId: SQL, days: { monthStart: SQL; lastMonthStart: SQL; lastMonthTo: SQL }) {
  const thisMonth = sql`${d.day} >= ${days.monthStart}`;
  const lastMonth = sql`${d.day} <= ${days.lastMonthTo}`;
  return sql`(select json_build_object(
      'minThis', ${sumWhere(d.minutesSaved, thisMonth)}, 'minLast', ${sumWhere(d.minutesSaved, lastMonth)},
      'moneyThis', round(${sumWhere(minutesValueMinor, thisMonth)}), 'moneyLast', round(${sumWhere(minutesValueMinor, lastMonth)}),
      'runsThis', ${sumWhere(totalRuns, thisMonth)}, 'successThis', ${sumWhere(d.success, thisMonth)},
      'failedThis', ${sumWhere(d.failed, thisMonth)})
    from ${d} join ${company} on ${company.id} = ${d.companyId}
    where ${d.companyId} = ${companyId} and ${d.day} >= ${days.lastMonthStart})`;
}

export const monthFiguresFrom = (value: unknown) =>
  value as Record<
    "minThis" | "minLast" | "moneyThis" | "moneyLast" | "runsThis" | "successThis" | "failedThis",
    unknown
  >;

export function runsByDayJson(companyId: SQL, from: SQL) {
  return sql`(select coalesce(json_agg(json_build_array(x.day, x.success, x.failed, x.skipped, x.running)), '[]')
    from (select ${d.day} as day, sum(${d.success}) as success, sum(${d.failed}) as failed,
        sum(${d.skipped}) as skipped, sum(${d.running}) as running
      from ${d} where ${d.companyId} = ${companyId} and ${d.day} >= ${from} group by ${d.day}) x)`;
}

export function runsByDayFrom(value: unknown) {
  return new Map(
    (value as [string, unknown, unknown, unknown, unknown][]).map(([day, success, failed, skipped, running]) => [
      day,
      { success: num(success), failed: num(failed), skipped: num(skipped), running: num(running) },
    ]),
  );
}

export interface RunTotals {
  runs: number;
  success: number;
  failed: number;
  minutesSaved: number;
}

/**
 * One company's runs, successes, failures and minutes saved in a week (`start`…`end`) and in the
 * week before it (`previousStart` up to `start`), in one read.
 */
export async function weekAgainstWeekBefore(
  ctx: ServiceContext,
  input: { companyId: string; previousStart: string; start: string; end: string },
): Promise<{ week: RunTotals; weekBefore: RunTotals }> {
  const inThis = sql`${d.day} >= ${input.start}`;
  const before = sql`not ${inThis}`;
  const [sums] = await ctx.db
    .select({
      runs: sumWhere(totalRuns, inThis),
      success: sumWhere(d.success, inThis),
      failed: sumWhere(d.failed, inThis),
      minutes: sumWhere(d.minutesSaved, inThis),
      runsBefore: sumWhere(totalRuns, before),
      successBefore: sumWhere(d.success, before),
      failedBefore: sumWhere(d.failed, before),
      minutesBefore: sumWhere(d.minutesSaved, before),
    })
    .from(d)
    .where(and(eq(d.companyId, input.companyId), between(d.day, input.previousStart, input.end)));
  return {
    week: {
      runs: num(sums?.runs),
      success: num(sums?.success),
      failed: num(sums?.failed),
      minutesSaved: num(sums?.minutes),
    },
    weekBefore: {
      runs: num(sums?.runsBefore),
      success: num(sums?.successBefore),
      failed: num(sums?.failedBefore),
      minutesSaved: num(sums?.minutesBefore),
    },
  };
}

/**
 * Every company's figures for the clients table at the instant `at`, as a subquery for a raw
 * statement (columns company_id, runs_7d = success + failed over the last 7 days, failed_7d, and
 * minutes_30d over the last 30), each company's days in its own time zone.
 */
export function clientRunFiguresSubquery(at: Date) {
  const today = sql`(${sql`${at.toISOString()}::timestamptz`} at time zone cc.time_zone)::date`;
  return sql`
      select ${d.companyId} as company_id,
        coalesce(sum(${finishedRuns}) filter (where ${d.day} > ${today} - 7), 0)::int as runs_7d,
        coalesce(sum(${d.failed}) filter (where ${d.day} > ${today} - 7), 0)::int as failed_7d,
        coalesce(sum(${d.minutesSaved}), 0)::bigint as minutes_30d
      from ${d} join ${company} cc on cc.id = ${d.companyId}
      where ${d.day} > ${today} - 30 and ${d.day} <= ${today}
      group by ${d.companyId}`;
}

/**
 * One company's figures of `clientRunFiguresSubquery` (runs_7d, failed_7d, minutes_30d), as a
 * LATERAL subquery on the outer query's company id and time zone: one range of the
 * (company_id, day) index per company, for a refresh of a few companies (ADR 0035).
 */
export function clientRunFiguresOf(at: Date, companyId: SQL, timeZone: SQL) {
  const today = sql`(${sql`${at.toISOString()}::timestamptz`} at time zone ${timeZone})::date`;
  return sql`
      select coalesce(sum(${finishedRuns}) filter (where ${d.day} > ${today} - 7), 0)::int as runs_7d,
        coalesce(sum(${d.failed}) filter (where ${d.day} > ${today} - 7), 0)::int as failed_7d,
        coalesce(sum(${d.minutesSaved}), 0)::bigint as minutes_30d
      from ${d}
      where ${d.companyId} = ${companyId} and ${d.day} > ${today} - 30 and ${d.day} <= ${today}`;
}
