import { and, eq, gte, lt, sql, sum, type SQL } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { company } from "../../db/schema/companies";
import { companyToday, rollup as d, runsOfStatus, sumOrZero, sumWhereOrZero, totalRuns } from "./rollup-figures";
import type { RunStatus } from "../../../shared/automations";
import type { ServiceContext } from "../../context/service-context";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** Which automations' rollup rows: those in the context's scope, narrowed to a company or one automation. */
export interface AutomationsFilter {
  companyId?: string;
  automationId?: string;
}

const rowsOf = (ctx: ServiceContext, filter: AutomationsFilter) =>
  and(
    inScope(d.companyId, ctx.scope),
    filter.companyId ? eq(d.companyId, filter.companyId) : undefined,
    filter.automationId ? eq(d.automationId, filter.automationId) : undefined,
  );

/**
 * Each automation's figures over its days of the rollup (the days of its company's time zone,
 * counted back from `ctx.now`), as a subquery to left join on `automationId`: success and failed
 * over the last 7 and 30 days, runs, successes and minutes saved this month, minutes saved and
 * successes over its lifetime.
 */
export function automationFiguresSubquery(ctx: ServiceContext, filter: AutomationsFilter) {
  const today = companyToday(ctx.now);
  const since = (from: number | "month", column: SQL | AnyPgColumn) => {
    const first =
      from === "month" ? sql`date_trunc('month', ${today})::date` : sql`${today} - ${sql.raw(String(from))}`;
    return sumWhereOrZero(column, sql`${d.day} >= ${first}`);
  };
  return ctx.db
    .select({
      automationId: d.automationId,
      s7: since(6, d.success).as("s7"),
      f7: since(6, d.failed).as("f7"),
      s30: since(29, d.success).as("s30"),
      f30: since(29, d.failed).as("f30"),
      runsMonth: since("month", totalRuns).as("runs_month"),
      successMonth: since("month", d.success).as("success_month"),
      minutesMonth: since("month", d.minutesSaved).as("minutes_month"),
      minutesLife: sumOrZero(sql`${d.minutesSaved}`).as("minutes_life"),
      successLife: sumOrZero(sql`${d.success}`).as("success_life"),
    })
    .from(d)
    .innerJoin(company, eq(company.id, d.companyId))
    .where(rowsOf(ctx, filter))
    .groupBy(d.automationId)
    .as("stats");
}

/**
 * Runs a day of each automation from the day `from` on (rows without runs are absent), by
 * automation id, then day.
 */
export async function runsPerDayByAutomation(
  ctx: ServiceContext,
  input: AutomationsFilter & { from: string },
): Promise<Map<string, Map<string, number>>> {
  const rows = await ctx.db
    .select({ automationId: d.automationId, day: d.day, runs: sql<number>`${totalRuns}`.mapWith(Number) })
    .from(d)
    .where(and(rowsOf(ctx, input), gte(d.day, input.from)));
  const perAutomation = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const perDay = perAutomation.get(row.automationId) ?? new Map<string, number>();
    perDay.set(row.day, row.runs);
    perAutomation.set(row.automationId, perDay);
  }
  return perAutomation;
}

/**
 * How many runs of one automation started on the days from…to (both included, in its company's
 * time zone), of one status or all; the caller has checked the automation is in scope.
 */
export async function countAutomationRuns(
  ctx: ServiceContext,
  input: { automationId: string; status?: RunStatus; from?: string; to?: string },
): Promise<number> {
  const [totals] = await ctx.db
    .select({ total: sumOrZero(input.status ? runsOfStatus[input.status] : totalRuns) })
    .from(d)
    .where(
      and(
        eq(d.automationId, input.automationId),
        input.from ? gte(d.day, input.from) : undefined,
        input.to ? sql`${d.day} <= ${input.to}` : undefined,
      ),
    );
  return totals?.total ?? 0;
}

/** Minutes one automation saved on the days from `from` on (plan items compare them with what was promised). */
export async function automationMinutesSaved(
  ctx: ServiceContext,
  input: { automationId: string; from: string },
): Promise<number> {
  const [measured] = await ctx.db
    .select({ minutes: sum(d.minutesSaved) })
    .from(d)
    .where(and(eq(d.automationId, input.automationId), gte(d.day, input.from)));
  return Number(measured?.minutes ?? 0);
}

/** Every run of a company on the days from `from` up to, not including, `before` (a billing period's usage). */
export async function companyRunsBetween(
  ctx: Pick<ServiceContext, "db">,
  input: { companyId: string; from: string; before: string },
): Promise<number> {
  const [runs] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${totalRuns}), 0)::int` })
    .from(d)
    .where(and(eq(d.companyId, input.companyId), gte(d.day, input.from), lt(d.day, input.before)));
  return runs?.n ?? 0;
}
