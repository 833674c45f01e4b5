import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { daysAgo, monthStart, sameDaysLastMonth } from "../../../shared/days";
import { automation, automationIncident, automationRun, automationRunDaily } from "../../db/schema/automations";
import { company, companyMember } from "../../db/schema/companies";
import { planItem } from "../../db/schema/plan";
import { displayStatus } from "../automations/display-status";
import { unpaidInvoices } from "../billing/unpaid-invoices.service";
import { inScope, type CompanyScope } from "../companies/companies.service";
import { ticketsWaitingOnClient } from "../support/tickets-waiting.service";
import type { TGetDashboardResponse } from "../../../shared/dashboard";
import type { Database } from "../../db/client";

const num = (value: unknown) => Number(value ?? 0);

/**
 * The client home in a handful of aggregate queries over the daily rollup (plus a few
 * indexed reads): its cost does not grow with the number of runs.
 */
export async function getDashboard(
  db: Database,
  viewer: { id: string; role?: string | null; emailVerified: boolean },
  scope: CompanyScope,
  now = new Date(),
): Promise<TGetDashboardResponse> {
  const d = automationRunDaily;
  const total = sql`${d.success} + ${d.failed} + ${d.running} + ${d.skipped}`;

  // The scope's company with the viewer's role in it: a client's own, or the one staff look at.
  const [scoped] =
    !scope.all && scope.companyId
      ? await db
          .select({ company, role: companyMember.role })
          .from(company)
          .leftJoin(companyMember, and(eq(companyMember.companyId, company.id), eq(companyMember.userId, viewer.id)))
          .where(eq(company.id, scope.companyId))
      : [];
  const companyRow = scoped?.company;
  // A company's days are its own time zone's (the rollup is kept in them); staff's view of every
  // company at once counts in UTC.
  const timeZone = companyRow?.timeZone ?? "UTC";
  const m0 = monthStart(now, 0, timeZone);
  const m1 = monthStart(now, 1, timeZone);
  // This month so far is compared with the same days of last month, never with all of it.
  const last = sameDaysLastMonth(now, timeZone);
  const d30 = daysAgo(now, 29, timeZone);

  const [figures] = await db
    .select({
      minThis: sql`sum(${d.minutesSaved}) filter (where ${d.day} >= ${m0})`,
      minLast: sql`sum(${d.minutesSaved}) filter (where ${d.day} <= ${last.to})`,
      moneyThis: sql`round(sum(${d.minutesSaved}::numeric * ${company.hourlyValueMinor} / 60) filter (where ${d.day} >= ${m0}))`,
      moneyLast: sql`round(sum(${d.minutesSaved}::numeric * ${company.hourlyValueMinor} / 60) filter (where ${d.day} <= ${last.to}))`,
      runsThis: sql`sum(${total}) filter (where ${d.day} >= ${m0})`,
      successThis: sql`sum(${d.success}) filter (where ${d.day} >= ${m0})`,
      failedThis: sql`sum(${d.failed}) filter (where ${d.day} >= ${m0})`,
    })
    .from(d)
    .innerJoin(company, eq(company.id, d.companyId))
    .where(and(inScope(d.companyId, scope), gte(d.day, m1)));

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
  const days30 = Array.from({ length: 30 }, (_, i) => {
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

  const [counts] = await db
    // A retired automation is history: it counts neither as live nor among the client's automations.
    .select({
      total: sql`count(*) filter (where ${automation.status} <> 'retired')`,
      live: sql`count(*) filter (where ${automation.status} = 'live')`,
    })
    .from(automation)
    .where(inScope(automation.companyId, scope));

  const troubled = await db
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

  // Newest runs straight from the (company_id, started_at desc) index; names by a scalar
  // subquery, so that no join makes the planner read every run of the company.
  const recent = await db
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

  const awaiting = await db
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

  const success = num(figures?.successThis);
  const failed = num(figures?.failedThis);
  return {
    company: companyRow
      ? {
          id: companyRow.id,
          name: companyRow.name,
          hourlyValueMinor: companyRow.hourlyValueMinor,
          currency: companyRow.currency,
          timeZone: companyRow.timeZone,
          // Staff viewing a company as its client see it as its owner does (read only).
          role: !scope.all && scope.viewing ? "owner" : (scoped?.role ?? null),
        }
      : null,
    automations: { total: num(counts?.total), live: num(counts?.live) },
    minutesSavedThisMonth: num(figures?.minThis),
    minutesSavedLastMonth: num(figures?.minLast),
    moneySavedThisMonthMinor: num(figures?.moneyThis),
    moneySavedLastMonthMinor: num(figures?.moneyLast),
    comparedWith: last,
    currency: companyRow?.currency ?? "EUR",
    runsThisMonth: num(figures?.runsThis),
    successRateThisMonth: success + failed === 0 ? null : success / (success + failed),
    days30,
    attention: troubled.map((row) => ({
      automationId: row.id,
      name: row.name,
      status: row.status as "failing" | "stale",
      since: (row.status === "failing" ? row.openedAt : row.staleSince)?.toISOString() ?? null,
      detail:
        row.status === "failing"
          ? `Failed ${row.failures} times in a row.`
          : // No date in the sentence: the screen writes \`since\` in the user's own date style.
            `${row.lastRunAt ? "No recent run" : "No run yet"}; expected at least one every ${describeEvery(row.every)}.`,
    })),
    proposalsAwaiting: awaiting.map((row) => ({ ...row, version: row.version ?? 1, since: row.since.toISOString() })),
    emailUnconfirmed: !viewer.emailVerified,
    ticketsWaiting: await ticketsWaitingOnClient(db, scope),
    invoicesUnpaid: await unpaidInvoices(db, scope, now),
    recent: recent.map((row) => ({ ...row, startedAt: row.startedAt.toISOString() })),
  };
}

export function describeEvery(minutes: number | null): string {
  if (!minutes) return "—";
  if (minutes % 1440 === 0) return minutes === 1440 ? "day" : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "minute" : `${minutes} minutes`;
}
