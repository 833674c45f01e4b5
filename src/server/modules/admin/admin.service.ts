import { and, count, eq, gte, isNotNull, sql } from "drizzle-orm";
import { daysAgo } from "../../../shared/days";
import { user } from "../../db/schema/auth";
import { automation, automationRun, automationRunDaily } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { mailOutbox } from "../../db/schema/mail";
import { contactLead } from "../../db/schema/marketing";
import type { TGetAdminOverviewResponse, TRunFigures } from "../../../shared/admin";
import type { Database } from "../../db/client";

const counted = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

function runFigures(row: { total: number; succeeded: number; failed: number } | undefined): TRunFigures {
  const { total = 0, succeeded = 0, failed = 0 } = row ?? {};
  return { total, succeeded, failed, successRate: succeeded + failed === 0 ? null : succeeded / (succeeded + failed) };
}

/**
 * The agency dashboard's figures. No query reads the runs table beyond the last 24 hours (by its
 * started_at index); the 7 days come from the daily rollup; companies, failed mail and new leads
 * are counted on their status indexes; Failing and Stale as display-status.ts derives them.
 */
export async function getAdminOverview(db: Database, now = new Date()): Promise<TGetAdminOverviewResponse> {
  const since = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const [users] = await db
    .select({
      clients: counted(sql`${user.role} = 'client'`),
      staff: counted(sql`${user.role} = 'admin'`),
      unconfirmed: counted(sql`not ${user.emailVerified}`),
      signUps7d: counted(sql`${user.role} = 'client' and ${user.createdAt} > ${since(7)}::timestamptz`),
      signUps30d: counted(sql`${user.role} = 'client' and ${user.createdAt} > ${since(30)}::timestamptz`),
    })
    .from(user);

  const statusRows = await db.select({ status: company.status, total: count() }).from(company).groupBy(company.status);
  const byStatus = { trial: 0, active: 0, paused: 0, churned: 0 };
  for (const row of statusRows) byStatus[row.status] = row.total;

  const [failing] = await db
    .select({ total: count() })
    .from(automation)
    .where(
      and(eq(automation.status, "live"), sql`${automation.consecutiveFailures} >= ${automation.failureThreshold}`),
    );
  const [stale] = await db
    .select({ total: count() })
    .from(automation)
    .where(
      and(
        eq(automation.status, "live"),
        isNotNull(automation.staleSince),
        sql`${automation.consecutiveFailures} < ${automation.failureThreshold}`,
      ),
    );

  const r = automationRun;
  const [day] = await db
    .select({
      total: count(),
      succeeded: counted(sql`${r.status} = 'success'`),
      failed: counted(sql`${r.status} = 'failed'`),
    })
    .from(r)
    .where(gte(r.startedAt, new Date(since(1))));
  const d = automationRunDaily;
  const sum = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);
  const [week] = await db
    .select({
      total: sum(sql`${d.success} + ${d.failed} + ${d.running} + ${d.skipped}`),
      succeeded: sum(sql`${d.success}`),
      failed: sum(sql`${d.failed}`),
    })
    .from(d)
    .where(gte(d.day, daysAgo(now, 6)));

  const [failedMail] = await db.select({ total: count() }).from(mailOutbox).where(eq(mailOutbox.status, "failed"));
  const [leads] = await db.select({ total: count() }).from(contactLead).where(eq(contactLead.status, "new"));
  return {
    clients: users?.clients ?? 0,
    staff: users?.staff ?? 0,
    unconfirmedUsers: users?.unconfirmed ?? 0,
    signUpsLast7Days: users?.signUps7d ?? 0,
    signUpsLast30Days: users?.signUps30d ?? 0,
    companies: Object.values(byStatus).reduce((a, b) => a + b, 0),
    companiesByStatus: byStatus,
    undeliveredMail: failedMail?.total ?? 0,
    automations: { failing: failing?.total ?? 0, stale: stale?.total ?? 0 },
    runs: { last24Hours: runFigures(day), last7Days: runFigures(week) },
    newLeads: leads?.total ?? 0,
  };
}
