import { sameDaysLastMonth } from "../../../shared/days";
import { describeEvery } from "../automations";
import { successRate } from "../run-figures";
import { last30Days, num } from "./dashboard-queries";
import { readDashboardStepByStep, type DashboardReads } from "./dashboard-reads";
import { readDashboardAtOnce } from "./dashboard-statement";
import type { TGetDashboardResponse } from "../../../shared/dashboard";
import type { ActorContext } from "../../context/service-context";

/**
 * The client home: aggregates over the daily rollup plus a few indexed reads, so its cost does
 * not grow with the number of runs. A company's dashboard is read in one statement (one round
 * trip on a cache miss, ADR 0035); staff's view of every company block by block.
 */
export async function getDashboard(
  ctx: ActorContext,
  input: { emailVerified: boolean },
): Promise<TGetDashboardResponse> {
  const { scope } = ctx;
  const atOnce = !scope.all && scope.companyId ? await readDashboardAtOnce(ctx, scope.companyId) : undefined;
  return composeDashboard(ctx, input, atOnce ?? (await readDashboardStepByStep(ctx)));
}

/** The answer from the reads: the same whichever way they were made. */
export function composeDashboard(
  ctx: ActorContext,
  input: { emailVerified: boolean },
  reads: DashboardReads,
): TGetDashboardResponse {
  const { scope, now } = ctx;
  const { scoped, figures } = reads;
  const companyRow = scoped?.company;
  const timeZone = companyRow?.timeZone ?? "UTC";
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
    automations: reads.automations,
    minutesSavedThisMonth: num(figures?.minThis),
    minutesSavedLastMonth: num(figures?.minLast),
    moneySavedThisMonthMinor: num(figures?.moneyThis),
    moneySavedLastMonthMinor: num(figures?.moneyLast),
    costThisMonth: companyRow ? reads.cost : null,
    // This month so far is compared with the same days of last month, never with all of it.
    comparedWith: sameDaysLastMonth(now, timeZone),
    currency: companyRow?.currency ?? "EUR",
    runsThisMonth: num(figures?.runsThis),
    successRateThisMonth: successRate(success, failed),
    days30: last30Days(now, timeZone, reads.byDay),
    attention: reads.troubled.map(attentionItem),
    proposalsAwaiting: reads.awaiting.map((row) => ({
      ...row,
      version: row.version ?? 1,
      since: row.since.toISOString(),
    })),
    emailUnconfirmed: !input.emailVerified,
    ticketsWaiting: reads.ticketsWaiting,
    invoicesUnpaid: reads.invoicesUnpaid,
    recent: reads.recent.map((row) => ({ ...row, startedAt: row.startedAt.toISOString() })),
  };
}

/** A failing or stale automation as the dashboard's "needs attention" line. */
function attentionItem(row: DashboardReads["troubled"][number]) {
  return {
    automationId: row.id,
    name: row.name,
    status: row.status as "failing" | "stale",
    since: (row.status === "failing" ? row.openedAt : row.staleSince)?.toISOString() ?? null,
    detail:
      row.status === "failing"
        ? `Failed ${row.failures} times in a row.`
        : // No date in the sentence: the screen writes \`since\` in the user's own date style.
          `${row.lastRunAt ? "No recent run" : "No run yet"}; expected at least one every ${describeEvery(row.every)}.`,
  };
}
