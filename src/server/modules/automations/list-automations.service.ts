import { and, asc, eq, gte, ilike, or, sql, type SQL } from "drizzle-orm";
import { daysAgo } from "../../../shared/days";
import { inScope, type CompanyScope } from "../../context/company-scope";
import { user } from "../../db/schema/auth";
import { automation, automationRunDaily } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { displayStatus } from "./display-status";
import type { AutomationDetail, AutomationSummary } from "../../../shared/automation-responses";
import type { DisplayStatus } from "../../../shared/automations";
import type { Database } from "../../db/client";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

const rate = (success: number, failed: number) => (success + failed === 0 ? null : success / (success + failed));

export interface ListFilter {
  search?: string;
  status?: DisplayStatus;
  companyId?: string;
  id?: string;
}

/** Automations in scope with their figures, every figure read from the daily rollup. */
export async function listAutomations(
  db: Database,
  scope: CompanyScope,
  filter: ListFilter = {},
  now = new Date(),
): Promise<AutomationDetail[]> {
  const rows = await automationRows(db, scope, filter, now);
  if (rows.length === 0) return [];
  const trends = await runsPerDay(db, scope, filter, now);
  const days14 = days14PerZone(now);
  return rows.map((row) => toAutomationDetail(row, trends.get(row.a.id), days14(row.timeZone)));
}

const d = automationRunDaily;
const total = sql`${d.success} + ${d.failed} + ${d.running} + ${d.skipped}`;

/** Each automation's figures over its days of the rollup, as a subquery to join. */
function statsSubquery(db: Database, scope: CompanyScope, filter: ListFilter, now: Date) {
  const sum = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);
  // Each automation's days are its company's time zone's, as the rollup keeps them.
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${company.timeZone})::date`;
  const since = (from: number | "month", column: SQL | AnyPgColumn) => {
    const first =
      from === "month" ? sql`date_trunc('month', ${today})::date` : sql`${today} - ${sql.raw(String(from))}`;
    return sql<number>`coalesce(sum(${column}) filter (where ${d.day} >= ${first}), 0)`.mapWith(Number);
  };
  return db
    .select({
      automationId: d.automationId,
      s7: since(6, d.success).as("s7"),
      f7: since(6, d.failed).as("f7"),
      s30: since(29, d.success).as("s30"),
      f30: since(29, d.failed).as("f30"),
      runsMonth: since("month", total).as("runs_month"),
      successMonth: since("month", d.success).as("success_month"),
      minutesMonth: since("month", d.minutesSaved).as("minutes_month"),
      minutesLife: sum(sql`${d.minutesSaved}`).as("minutes_life"),
      successLife: sum(sql`${d.success}`).as("success_life"),
    })
    .from(d)
    .innerJoin(company, eq(company.id, d.companyId))
    .where(
      and(
        inScope(d.companyId, scope),
        filter.companyId ? eq(d.companyId, filter.companyId) : undefined,
        filter.id ? eq(d.automationId, filter.id) : undefined,
      ),
    )
    .groupBy(d.automationId)
    .as("stats");
}

/** The filtered automations with their company, status, authors' names and figures. */
async function automationRows(db: Database, scope: CompanyScope, filter: ListFilter, now: Date) {
  const stats = statsSubquery(db, scope, filter, now);
  const pattern = filter.search?.trim() ? `%${filter.search.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const createdBy = sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${automation.createdBy})`;
  const updatedBy = sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${automation.updatedBy})`;
  return (
    db
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
          inScope(automation.companyId, scope),
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

/** Runs a day of each automation over the last 14 days (and one more), by automation id. */
async function runsPerDay(db: Database, scope: CompanyScope, filter: ListFilter, now: Date) {
  const trendRows = await db
    .select({ automationId: d.automationId, day: d.day, runs: sql<number>`${total}`.mapWith(Number) })
    .from(d)
    .where(
      and(
        inScope(d.companyId, scope),
        filter.companyId ? eq(d.companyId, filter.companyId) : undefined,
        filter.id ? eq(d.automationId, filter.id) : undefined,
        // 14 days in every time zone: from UTC's 15th day back, cut per company below.
        gte(d.day, daysAgo(now, 14)),
      ),
    );
  const trends = new Map<string, Map<string, number>>();
  for (const row of trendRows) {
    const perDay = trends.get(row.automationId) ?? new Map<string, number>();
    perDay.set(row.day, row.runs);
    trends.set(row.automationId, perDay);
  }
  return trends;
}

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
    successRate7d: rate(n(row.s7), n(row.f7)),
    successRate30d: rate(n(row.s30), n(row.f30)),
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
