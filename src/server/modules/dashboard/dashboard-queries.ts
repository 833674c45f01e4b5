import { and, asc, desc, eq, sql } from "drizzle-orm";
import { daysAgo } from "../../../shared/days";
import { inScope } from "../../context/company-scope";
import { automation, automationIncident, automationRun } from "../../db/schema/automations";
import { company, companyMember } from "../../db/schema/companies";
import { planItem } from "../../db/schema/plan";
import { displayStatus } from "../automations";
import { type runsByDay } from "../run-figures";
import type { ActorContext, ServiceContext } from "../../context/service-context";

// The dashboard's reads, one per block of the screen; `getDashboard` composes them.

export const num = (value: unknown) => Number(value ?? 0);

/** The scope's company with the viewer's role in it: a client's own, or the one staff look at. */
export async function scopedCompany(ctx: ActorContext) {
  const { scope } = ctx;
  if (scope.all || !scope.companyId) return undefined;
  const [scoped] = await ctx.db
    .select({ company, role: companyMember.role })
    .from(company)
    .leftJoin(companyMember, and(eq(companyMember.companyId, company.id), eq(companyMember.userId, ctx.actor.id)))
    .where(eq(company.id, scope.companyId));
  return scoped;
}

/** The last 30 days of runs by status, one entry a day (a day without runs is zeros). */
export function last30Days(now: Date, timeZone: string, byDay: Awaited<ReturnType<typeof runsByDay>>) {
  return Array.from({ length: 30 }, (_, i) => {
    const day = daysAgo(now, 29 - i, timeZone);
    return { day, ...(byDay.get(day) ?? { success: 0, failed: 0, skipped: 0, running: 0 }) };
  });
}

export async function automationCounts(ctx: ServiceContext) {
  const [counts] = await ctx.db
    // A retired automation is history: it counts neither as live nor among the client's automations.
    .select({
      total: sql`count(*) filter (where ${automation.status} <> 'retired')`,
      live: sql`count(*) filter (where ${automation.status} = 'live')`,
    })
    .from(automation)
    .where(inScope(automation.companyId, ctx.scope));
  return { total: num(counts?.total), live: num(counts?.live) };
}

/** Automations failing or stale, with the open failing incident's start. */
export async function troubledAutomations(ctx: ServiceContext) {
  return ctx.db
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
    .where(and(inScope(automation.companyId, ctx.scope), sql`${displayStatus} in ('failing', 'stale')`))
    .orderBy(automation.name);
}

/**
 * Newest runs straight from the (company_id, started_at desc) index; names by a scalar
 * subquery, so that no join makes the planner read every run of the company.
 */
export async function recentRuns(ctx: ServiceContext) {
  return ctx.db
    .select({
      runId: automationRun.id,
      automationId: automationRun.automationId,
      automationName: sql<string>`(select ${automation.name} from ${automation} where ${automation.id} = ${automationRun.automationId})`,
      status: automationRun.status,
      startedAt: automationRun.startedAt,
      errorMessage: automationRun.errorMessage,
    })
    .from(automationRun)
    .where(inScope(automationRun.companyId, ctx.scope))
    .orderBy(desc(automationRun.startedAt))
    .limit(8);
}

export async function proposalsAwaiting(ctx: ServiceContext) {
  return ctx.db
    .select({
      itemId: planItem.id,
      title: planItem.title,
      version: planItem.proposalVersion,
      since: planItem.stateChangedAt,
    })
    .from(planItem)
    .where(and(inScope(planItem.companyId, ctx.scope), eq(planItem.state, "proposed")))
    .orderBy(asc(planItem.stateChangedAt))
    .limit(10);
}
