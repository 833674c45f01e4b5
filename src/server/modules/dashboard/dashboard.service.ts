import { monthStart, sameDaysLastMonth } from "../../../shared/days";
import { describeEvery } from "../automations";
import { monthlyCost, unpaidInvoices } from "../billing";
import { monthFigures, successRate } from "../run-figures";
import { ticketsWaitingOnClient } from "../support";
import {
  automationCounts,
  last30Days,
  num,
  proposalsAwaiting,
  recentRuns,
  scopedCompany,
  troubledAutomations,
} from "./dashboard-queries";
import type { TGetDashboardResponse } from "../../../shared/dashboard";
import type { ActorContext } from "../../context/service-context";

/**
 * The client home in a handful of aggregate queries over the daily rollup (plus a few
 * indexed reads): its cost does not grow with the number of runs.
 */
export async function getDashboard(
  ctx: ActorContext,
  input: { emailVerified: boolean },
): Promise<TGetDashboardResponse> {
  const { scope, now } = ctx;
  const scoped = await scopedCompany(ctx);
  const companyRow = scoped?.company;
  // A company's days are its own time zone's (the rollup is kept in them); staff's view of every
  // company at once counts in UTC.
  const timeZone = companyRow?.timeZone ?? "UTC";
  // This month so far is compared with the same days of last month, never with all of it.
  const last = sameDaysLastMonth(now, timeZone);
  const figures = await monthFigures(ctx, {
    monthStart: monthStart(now, 0, timeZone),
    lastMonthStart: monthStart(now, 1, timeZone),
    lastMonthTo: last.to,
  });
  const days30 = await last30Days(ctx, timeZone);
  const automations = await automationCounts(ctx);
  const troubled = await troubledAutomations(ctx);
  const recent = await recentRuns(ctx);
  const awaiting = await proposalsAwaiting(ctx);

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
    automations,
    minutesSavedThisMonth: num(figures?.minThis),
    minutesSavedLastMonth: num(figures?.minLast),
    moneySavedThisMonthMinor: num(figures?.moneyThis),
    moneySavedLastMonthMinor: num(figures?.moneyLast),
    costThisMonth: companyRow
      ? await monthlyCost(ctx, { companyId: companyRow.id, monthStart: monthStart(now, 0, timeZone), timeZone })
      : null,
    comparedWith: last,
    currency: companyRow?.currency ?? "EUR",
    runsThisMonth: num(figures?.runsThis),
    successRateThisMonth: successRate(success, failed),
    days30,
    attention: troubled.map(attentionItem),
    proposalsAwaiting: awaiting.map((row) => ({ ...row, version: row.version ?? 1, since: row.since.toISOString() })),
    emailUnconfirmed: !input.emailVerified,
    ticketsWaiting: await ticketsWaitingOnClient(ctx),
    invoicesUnpaid: await unpaidInvoices(ctx),
    recent: recent.map((row) => ({ ...row, startedAt: row.startedAt.toISOString() })),
  };
}

/** A failing or stale automation as the dashboard's "needs attention" line. */
function attentionItem(row: Awaited<ReturnType<typeof troubledAutomations>>[number]) {
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
