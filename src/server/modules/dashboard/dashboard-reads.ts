import { daysAgo, monthStart, sameDaysLastMonth } from "../../../shared/days";
import { monthlyCost, unpaidInvoices } from "../billing";
import { monthFigures, runsByDay } from "../run-figures";
import { ticketsWaitingOnClient } from "../support";
import {
  automationCounts,
  proposalsAwaiting,
  recentRuns,
  scopedCompany,
  troubledAutomations,
} from "./dashboard-queries";
import type { ActorContext } from "../../context/service-context";

/** What the dashboard reads, whichever way it was read (one statement, or block by block). */
export interface DashboardReads {
  scoped:
    | {
        company: { id: string; name: string; hourlyValueMinor: number; currency: string; timeZone: string };
        role: "owner" | "member" | null;
      }
    | undefined;
  figures:
    | Record<"minThis" | "minLast" | "moneyThis" | "moneyLast" | "runsThis" | "successThis" | "failedThis", unknown>
    | undefined;
  byDay: Awaited<ReturnType<typeof runsByDay>>;
  automations: { total: number; live: number };
  troubled: Awaited<ReturnType<typeof troubledAutomations>>;
  recent: Awaited<ReturnType<typeof recentRuns>>;
  awaiting: Awaited<ReturnType<typeof proposalsAwaiting>>;
  cost: Awaited<ReturnType<typeof monthlyCost>>;
  ticketsWaiting: Awaited<ReturnType<typeof ticketsWaitingOnClient>>;
  invoicesUnpaid: Awaited<ReturnType<typeof unpaidInvoices>>;
}

/**
 * The dashboard's reads one after another, each block by the module that owns it: staff's view
 * of every company (no route serves it today) and the reference the one statement is tested against.
 */
export async function readDashboardStepByStep(ctx: ActorContext): Promise<DashboardReads> {
  const { now } = ctx;
  const scoped = await scopedCompany(ctx);
  const companyRow = scoped?.company;
  // A company's days are its own time zone's (the rollup is kept in them); staff's view of every
  // company at once counts in UTC.
  const timeZone = companyRow?.timeZone ?? "UTC";
  // This month so far is compared with the same days of last month, never with all of it.
  const figures = await monthFigures(ctx, {
    monthStart: monthStart(now, 0, timeZone),
    lastMonthStart: monthStart(now, 1, timeZone),
    lastMonthTo: sameDaysLastMonth(now, timeZone).to,
  });
  return {
    scoped: scoped && { company: scoped.company, role: scoped.role },
    figures,
    byDay: await runsByDay(ctx, { from: daysAgo(now, 29, timeZone) }),
    automations: await automationCounts(ctx),
    troubled: await troubledAutomations(ctx),
    recent: await recentRuns(ctx),
    awaiting: await proposalsAwaiting(ctx),
    cost: companyRow
      ? await monthlyCost(ctx, { companyId: companyRow.id, monthStart: monthStart(now, 0, timeZone), timeZone })
      : null,
    ticketsWaiting: await ticketsWaitingOnClient(ctx),
    invoicesUnpaid: await unpaidInvoices(ctx),
  };
}
