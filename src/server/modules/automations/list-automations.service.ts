import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import { daysAgo } from "../../../shared/days";
import { inScope } from "../../context/company-scope";
import { user } from "../../db/schema/auth";
import { automation } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { automationFiguresSubquery, runsPerDayByAutomation, successRate } from "../run-figures";
import { displayStatus } from "./display-status";
import type { AutomationDetail, AutomationSummary } from "../../../shared/automations";
import type { DisplayStatus } from "../../../shared/automations";
import type { ServiceContext } from "../../context/service-context";

export interface ListFilter {
  search?: string;
  status?: DisplayStatus;
  companyId?: string;
  id?: string;
}

/** Automations in the context's scope with their figures, every figure read from the daily rollup. */
export async function listAutomations(ctx: ServiceContext, filter: ListFilter = {}): Promise<AutomationDetail[]> {
  const rows = await automationRows(ctx, filter);
  if (rows.length === 0) return [];
  // 14 days in every time zone: from UTC's 15th day back, cut per company below.
  const from = daysAgo(ctx.now, 14);
  const trends = await runsPerDayByAutomation(ctx, { companyId: filter.companyId, automationId: filter.id, from });
  const days14 = days14PerZone(ctx.now);
  return rows.map((row) => toAutomationDetail(row, trends.get(row.a.id), days14(row.timeZone)));
}

/** The filtered automations with their company, status, authors' names and figures. */
async function automationRows(ctx: ServiceContext, filter: ListFilter) {
  const stats = automationFiguresSubquery(ctx, { companyId: filter.companyId, automationId: filter.id });
  const pattern = filter.search?.trim() ? `%${filter.search.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const createdBy = sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${automation.createdBy})`;
  const updatedBy = sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${automation.updatedBy})`;
  return (
    ctx.db
      .select({
        a: automation,
        companyName: company.name,
        timeZone: company.timeZone,
        status: displayStatus,
        createdByName: createdBy,
        updatedByName: updatedBy,
        s7: stats.s7,
        f7: stats.f7,
        s30: stats.s30,
        f30: stats.f30,
        runsMonth: stats.runsMonth,
        successMonth: stats.successMonth,
        minutesMonth: stats.minutesMonth,
        minutesLife: stats.minutesLife,
        successLife: stats.successLife,
      })
      .from(automation)
      .innerJoin(company, eq(company.id, automation.companyId))
      .leftJoin(stats, eq(stats.automationId, automation.id))
      .where(
        and(
          inScope(automation.companyId, ctx.scope),
          filter.companyId ? eq(automation.companyId, filter.companyId) : undefined,
          filter.id ? eq(automation.id, filter.id) : undefined,
          filter.status ? sql`${displayStatus} = ${filter.status}` : undefined,
          pattern ? or(ilike(automation.name, pattern), ilike(automation.purpose, pattern)) : undefined,
        ),
      )
      // Retired ones last: they are history, not work.
      .orderBy(sql`${automation.status} = 'retired'`, asc(automation.name), asc(automation.id))
  );
}

type AutomationRow = Awaited<ReturnType<typeof automationRows>>[number];

/** The last 14 days in a time zone: once per zone, not per automation (a staff list holds many automations of few zones). */
function days14PerZone(now: Date) {
  const days14ByZone = new Map<string, string[]>();
  return (timeZone: string) => {
    let days = days14ByZone.get(timeZone);
    if (!days)
      days14ByZone.set(timeZone, (days = Array.from({ length: 14 }, (_, i) => daysAgo(now, 13 - i, timeZone))));
    return days;
  };
}

function toAutomationDetail(row: AutomationRow, perDay: Map<string, number> | undefined, days14: string[]) {
  const n = (value: number | null) => Number(value ?? 0);
  const summary: AutomationSummary = {
    id: row.a.id,
    companyId: row.a.companyId,
    companyName: row.companyName,
    name: row.a.name,
    purpose: row.a.purpose,
    platform: row.a.platform,
    triggerDescription: row.a.triggerDescription,
    expectedEveryMinutes: row.a.expectedEveryMinutes,
    minutesSavedPerRun: row.a.minutesSavedPerRun,
    status: row.status,
    consecutiveFailures: row.a.consecutiveFailures,
    failureThreshold: row.a.failureThreshold,
    lastRunAt: row.a.lastRunAt?.toISOString() ?? null,
    lastRunStatus: row.a.lastRunStatus,
    successRate7d: successRate(n(row.s7), n(row.f7)),
    successRate30d: successRate(n(row.s30), n(row.f30)),
    runsThisMonth: n(row.runsMonth),
    successfulRunsThisMonth: n(row.successMonth),
    minutesSavedThisMonth: n(row.minutesMonth),
    minutesSavedLifetime: n(row.minutesLife),
    successfulRunsLifetime: n(row.successLife),
    trend14d: days14.map((day) => perDay?.get(day) ?? 0),
    createdAt: row.a.createdAt.toISOString(),
    updatedAt: row.a.updatedAt.toISOString(),
  };
  return { ...summary, createdBy: row.createdByName, updatedBy: row.updatedByName };
}
