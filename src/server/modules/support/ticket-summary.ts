import { eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { user } from "../../db/schema/auth";
import { automation } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { slaTarget, ticket } from "../../db/schema/support";
import { slaOf, type SlaTargets } from "./sla";
import type { TTicketSummary } from "../../../shared/support";
import type { TTicketPriority } from "../../../shared/support-labels";
import type { Database } from "../../db/client";

const opener = alias(user, "opener");
const assignee = alias(user, "assignee");

/** The columns of a ticket row in lists, with the names people read. */
export const summaryColumns = {
  ticket,
  companyName: company.name,
  openedByName: opener.name,
  assigneeName: assignee.name,
  automationName: automation.name,
};

/** A select of tickets with their company, opener, assignee, automation and targets joined. */
export const selectSummaries = (db: Pick<Database, "select">) =>
  db
    .select(summaryColumns)
    .from(ticket)
    .innerJoin(company, eq(company.id, ticket.companyId))
    .leftJoin(opener, eq(opener.id, ticket.openedBy))
    .leftJoin(assignee, eq(assignee.id, ticket.assigneeId))
    .leftJoin(automation, eq(automation.id, ticket.automationId))
    .leftJoin(slaTarget, eq(slaTarget.priority, ticket.priority));

const minutes = (column: unknown, fallback: number) => sql`(coalesce(${column}, ${fallback}) * interval '1 minute')`;

/**
 * When the nearest running clock runs out (null when none runs). The queue sorts on the stored copy,
 * `ticket.sla_due_at`, which the database keeps equal to this (migration 0031; checked in sla-due-at.test.ts).
 */
export const deadlineSql = sql`least(
  case when ${ticket.firstRespondedAt} is null then ${ticket.createdAt} + ${minutes(slaTarget.firstResponseMinutes, 1440)} end,
  case when ${ticket.pausedSince} is null then ${ticket.createdAt} + ${minutes(slaTarget.resolutionMinutes, 10080)} + (${ticket.pausedMs} * interval '1 millisecond') end
)`;

/** `now` as a timestamptz: a value, or an SQL fragment such as a placeholder bound later (a statement built once). */
const instant = (now: Date | SQL) => sql`${now instanceof Date ? now.toISOString() : now}::timestamptz`;

/** True for a ticket past a target at `now`: first response late (or still missing), or resolution time used up. */
export const breachedSql = (now: Date | SQL) => sql`(
  coalesce(${ticket.firstRespondedAt}, ${instant(now)}) > ${ticket.createdAt} + ${minutes(slaTarget.firstResponseMinutes, 1440)}
  or coalesce(${ticket.pausedSince}, ${instant(now)}) - ${ticket.createdAt} - (${ticket.pausedMs} * interval '1 millisecond') > ${minutes(slaTarget.resolutionMinutes, 10080)}
)`;

/**
 * A breach that no longer depends on the clock: the first response came late, or the ticket was
 * paused (waiting on the client, resolved) after its resolution time ran out. Never null.
 */
const settledBreachSql = sql`(
  (${ticket.firstRespondedAt} is not null and ${ticket.firstRespondedAt} > ${ticket.createdAt} + ${minutes(slaTarget.firstResponseMinutes, 1440)})
  or (${ticket.pausedSince} is not null and ${ticket.pausedSince} - ${ticket.createdAt} - (${ticket.pausedMs} * interval '1 millisecond') > ${minutes(slaTarget.resolutionMinutes, 10080)})
)`;

/**
 * `breachedSql(now)` split in two disjoint parts the queue's count can add up: a ticket is past
 * its SLA at `now` when a running clock has run out — its stored deadline `sla_due_at` (the
 * nearest running clock's, equal to `deadlineSql`) is before `now`, which ticket_sla_queue_idx
 * counts without reading the tickets — or, its deadline not passed (or no clock running), when
 * its breach is settled. Not breached: deadline not passed and no settled breach.
 */
export const breachParts = (now: Date | SQL) => {
  const at = instant(now);
  const notPassed = sql`(${ticket.slaDueAt} >= ${at} or ${ticket.slaDueAt} is null)`;
  return {
    deadlinePassed: sql`${ticket.slaDueAt} < ${at}`,
    settled: sql`(${notPassed} and ${settledBreachSql})`,
    notBreached: sql`(${notPassed} and not ${settledBreachSql})`,
  };
};

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>["execute"]>>[number];

export function toSummary(row: SummaryRow, targetsOf: (p: TTicketPriority) => SlaTargets, now: Date): TTicketSummary {
  const t = row.ticket;
  return {
    id: t.id,
    subject: t.subject,
    category: t.category,
    priority: t.priority,
    status: t.status,
    companyId: t.companyId,
    companyName: row.companyName,
    openedByName: row.openedByName,
    assigneeName: row.assigneeName,
    automationName: row.automationName,
    createdAt: t.createdAt.toISOString(),
    lastMessageAt: t.lastMessageAt.toISOString(),
    sla: slaOf(t, targetsOf(t.priority), now),
  };
}
