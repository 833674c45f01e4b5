import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { daysAgo } from "../../../shared/days";
import { inScope, type CompanyScope } from "../../context/company-scope";
import { automation, automationIncident, automationRun, automationRunDaily } from "../../db/schema/automations";
import { company, companyMember } from "../../db/schema/companies";
import { planItem } from "../../db/schema/plan";
import { displayStatus } from "../automations/display-status";
import type { Database } from "../../db/client";

// The dashboard's reads, one per block of the screen; `getDashboard` composes them.

export const num = (value: unknown) => Number(value ?? 0);

const d = automationRunDaily;

/** The scope's company with the viewer's role in it: a client's own, or the one staff look at. */
export async function scopedCompany(db: Database, viewerId: string, scope: CompanyScope) {
  if (scope.all || !scope.companyId) return undefined;
  const [scoped] = await db
    .select({ company, role: companyMember.role })
    .from(company)
    .leftJoin(companyMember, and(eq(companyMember.companyId, company.id), eq(companyMember.userId, viewerId)))
    .where(eq(company.id, scope.companyId));
  return scoped;
}

/** This month's and the same days of last month's figures, from the daily rollup. */
export async function monthFigures(db: Database, scope: CompanyScope, m0: string, m1: string, lastTo: string) {
  const total = sql`${d.success} + ${d.failed} + ${d.running} + ${d.skipped}`;
  const [figures] = await db
    .select({
      minThis: sql`sum(${d.minutesSaved}) filter (where ${d.day} >= ${m0})`,
      minLast: sql`sum(${d.minutesSaved}) filter (where ${d.day} <= ${lastTo})`,
      moneyThis: sql`round(sum(${d.minutesSaved}::numeric * ${company.hourlyValueMinor} / 60) filter (where ${d.day} >= ${m0}))`,
      moneyLast: sql`round(sum(${d.minutesSaved}::numeric * ${company.hourlyValueMinor} / 60) filter (where ${d.day} <= ${lastTo}))`,
      runsThis: sql`sum(${total}) filter (where ${d.day} >= ${m0})`,
      successThis: sql`sum(${d.success}) filter (where ${d.day} >= ${m0})`,
      failedThis: sql`sum(${d.failed}) filter (where ${d.day} >= ${m0})`,
    })
    .from(d)
    .innerJoin(company, eq(company.id, d.companyId))
    .where(and(inScope(d.companyId, scope), gte(d.day, m1)));
  return figures;
}

/** The last 30 days of runs by status, one entry a day (a day without runs is zeros). */
export async function last30Days(db: Database, scope: CompanyScope, now: Date, timeZone: string) {
  const d30 = daysAgo(now, 29, timeZone);
  const dayRows = await db
    .select({
      day: d.day,
      success: sql`sum(${d.success})`,
      failed: sql`sum(${d.failed})`,
      skipped: sql`sum(${d.skipped})`,
      running: sql`sum(${d.running})`,
    })
    .from(d)
    .where(and(inScope(d.companyId, scope), gte(d.day, d30)))
    .groupBy(d.day);
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  return Array.from({ length: 30 }, (_, i) => {
    const day = daysAgo(now, 29 - i, timeZone);
    const row = byDay.get(day);
    return {
      day,
      success: num(row?.success),
      failed: num(row?.failed),
      skipped: num(row?.skipped),
      running: num(row?.running),
    };
  });
}

export async function automationCounts(db: Database, scope: CompanyScope) {
  const [counts] = await db
    // A retired automation is history: it counts neither as live nor among the client's automations.
    .select({
      total: sql`count(*) filter (where ${automation.status} <> 'retired')`,
      live: sql`count(*) filter (where ${automation.status} = 'live')`,
    })
    .from(automation)
    .where(inScope(automation.companyId, scope));
  return { total: num(counts?.total), live: num(counts?.live) };
}

/** Automations failing or stale, with the open failing incident's start. */
export async function troubledAutomations(db: Database, scope: CompanyScope) {
  return db
    .select({
      id: automation.id,
      name: automation.name,
      status: displayStatus,
      failures: automation.consecutiveFailures,
      staleSince: automation.staleSince,
      lastRunAt: automation.lastRunAt,
      every: automation.expectedEveryMinutes,
      openedAt: automationIncident.openedAt,
    })
    .from(automation)
    .leftJoin(
      automationIncident,
      and(
        eq(automationIncident.automationId, automation.id),
        eq(automationIncident.kind, "failing"),
        sql`${automationIncident.resolvedAt} is null`,
      ),
    )
    .where(and(inScope(automation.companyId, scope), sql`${displayStatus} in ('failing', 'stale')`))
    .orderBy(automation.name);
}

/**
 * Newest runs straight from the (company_id, started_at desc) index; names by a scalar
 * subquery, so that no join makes the planner read every run of the company.
 */
export async function recentRuns(db: Database, scope: CompanyScope) {
  return db
    .select({
      runId: automationRun.id,
      automationId: automationRun.automationId,
      automationName: sql<string>`(select ${automation.name} from ${automation} where ${automation.id} = ${automationRun.automationId})`,
      status: automationRun.status,
      startedAt: automationRun.startedAt,
      errorMessage: automationRun.errorMessage,
    })
    .from(automationRun)
    .where(inScope(automationRun.companyId, scope))
    .orderBy(desc(automationRun.startedAt))
    .limit(8);
}

export async function proposalsAwaiting(db: Database, scope: CompanyScope) {
  return db
    .select({
      itemId: planItem.id,
      title: planItem.title,
      version: planItem.proposalVersion,
      since: planItem.stateChangedAt,
    })
    .from(planItem)
    .where(and(inScope(planItem.companyId, scope), eq(planItem.state, "proposed")))
    .orderBy(asc(planItem.stateChangedAt))
    .limit(10);
}
