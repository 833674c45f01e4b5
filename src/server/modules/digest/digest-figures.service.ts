import { and, asc, eq, sql } from "drizzle-orm";
import { automation, automationIncident } from "../../db/schema/automations";
import { invoice } from "../../db/schema/billing";
import { planItem } from "../../db/schema/plan";
import { ticket } from "../../db/schema/support";
import { moneySavedMinor, weekAgainstWeekBefore } from "../run-figures";
import type { DigestWeek } from "./digest-week";
import type { ServiceContext } from "../../context/service-context";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export interface WeekFigures {
  runs: number;
  success: number;
  failed: number;
  minutesSaved: number;
  moneySavedMinor: number;
}

export interface DigestFigures {
  thisWeek: WeekFigures;
  weekBefore: WeekFigures;
  incidentsOpened: number;
  incidentsClosed: number;
  /** What waits on the client: proposals to approve, tickets to answer, invoices to pay (a few of each, oldest first). */
  proposals: { count: number; titles: string[] };
  tickets: { count: number; subjects: string[] };
  unpaidInvoices: { count: number; totalMinor: number; numbers: string[] };
}

const n = (value: unknown) => Number(value ?? 0);
const FEW = 3;

/**
 * A company's week for its digest: figures from the daily rollup (so the cost does not grow with
 * the runs), incidents counted by the local day they opened or closed on, and what waits on it now.
 */
export async function digestFigures(
  txCtx: ServiceContext,
  input: { companyId: string; hourlyValueMinor: number; week: DigestWeek; timeZone: string },
): Promise<DigestFigures> {
  const { companyId, hourlyValueMinor, week, timeZone } = input;
  const { db: tx } = txCtx;
  const { week: w, weekBefore: b } = await weekAgainstWeekBefore(txCtx, {
    companyId,
    previousStart: week.previousStart,
    start: week.start,
    end: week.end,
  });
  const thisWeek: WeekFigures = { ...w, moneySavedMinor: moneySavedMinor(w.minutesSaved, hourlyValueMinor) };
  const weekBefore: WeekFigures = { ...b, moneySavedMinor: moneySavedMinor(b.minutesSaved, hourlyValueMinor) };

  const localDay = (at: AnyPgColumn) => sql`(${at} at time zone ${timeZone})::date`;
  const [incidents] = await tx
    .select({
      opened: sql`count(*) filter (where ${localDay(automationIncident.openedAt)} between ${week.start} and ${week.end})`,
      closed: sql`count(*) filter (where ${localDay(automationIncident.resolvedAt)} between ${week.start} and ${week.end})`,
    })
    .from(automationIncident)
    .innerJoin(automation, eq(automation.id, automationIncident.automationId))
    .where(eq(automation.companyId, companyId));

  const proposals = await tx
    .select({ title: planItem.title, count: sql`count(*) over ()` })
    .from(planItem)
    .where(and(eq(planItem.companyId, companyId), eq(planItem.state, "proposed")))
    .orderBy(asc(planItem.stateChangedAt))
    .limit(FEW);
  const tickets = await tx
    .select({ subject: ticket.subject, count: sql`count(*) over ()` })
    .from(ticket)
    .where(and(eq(ticket.companyId, companyId), eq(ticket.status, "waiting_on_client")))
    .orderBy(asc(ticket.updatedAt))
    .limit(FEW);
  const invoices = await tx
    .select({
      number: invoice.number,
      count: sql`count(*) over ()`,
      total: sql`sum(${invoice.totalMinor} - coalesce(${invoice.paidAmountMinor}, 0)) over ()`,
    })
    .from(invoice)
    .where(and(eq(invoice.companyId, companyId), eq(invoice.status, "open")))
    .orderBy(asc(invoice.dueAt))
    .limit(FEW);

  return {
    thisWeek,
    weekBefore,
    incidentsOpened: n(incidents?.opened),
    incidentsClosed: n(incidents?.closed),
    proposals: { count: n(proposals[0]?.count), titles: proposals.map((row) => row.title) },
    tickets: { count: n(tickets[0]?.count), subjects: tickets.map((row) => row.subject) },
    unpaidInvoices: {
      count: n(invoices[0]?.count),
      totalMinor: n(invoices[0]?.total),
      numbers: invoices.map((row) => row.number ?? "draft"),
    },
  };
}
