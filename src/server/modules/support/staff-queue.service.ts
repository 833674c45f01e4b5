import { and, asc, count, desc, eq, exists, inArray, isNull, ne, not, sql, type SQL } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { company } from "../../db/schema/companies";
import { slaTarget, ticket } from "../../db/schema/support";
import { TICKETS_PAGE_SIZE } from "./list-tickets.service";
import { loadSlaTargets } from "./sla-targets.service";
import { breachedSql, breachParts, selectSummaries, toSummary } from "./ticket-summary";
import type { TStaffTicketsResponse, TTicketCompaniesResponse, ZStaffTicketsQuery } from "../../../shared/support";
import type { ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";
import type { z } from "zod";

/** Every company's tickets for staff, filtered, the nearest deadline first (tickets with no running clock last). */
export async function staffQueue(
  ctx: ServiceContext,
  query: z.output<typeof ZStaffTicketsQuery>,
): Promise<TStaffTicketsResponse> {
  const { db, now } = ctx;
  const where = and(
    filterOf(query),
    query.breached === "true" ? breachedSql(now) : query.breached === "false" ? not(breachedSql(now)) : undefined,
  );
  // The stored deadline (kept by the database, equal to `deadlineSql`): read in ticket_sla_queue_idx order.
  const order = [sql`${ticket.slaDueAt} asc nulls last`, desc(ticket.lastMessageAt), asc(ticket.id)];
  // The page's tickets are chosen on the ticket row alone, then joined to the names: a deep page
  // skips index entries, not rows joined to their company, people and automation.
  // The targets are joined only when the filter reads them: PostgreSQL removes the unused join but
  // then no longer reads the queue's index in order (a sort of every ticket instead).
  const tickets = db.select({ id: ticket.id }).from(ticket);
  const pageIds = (query.breached ? tickets.leftJoin(slaTarget, eq(slaTarget.priority, ticket.priority)) : tickets)
    .where(where)
    .orderBy(...order)
    .limit(TICKETS_PAGE_SIZE)
    .offset((query.page - 1) * TICKETS_PAGE_SIZE);
  const [rows, total, targetsOf, staff] = await Promise.all([
    selectSummaries(db)
      .where(inArray(ticket.id, pageIds))
      .orderBy(...order),
    countOf(db, query, now),
    loadSlaTargets(db),
    db
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(eq(user.role, "admin"))
      .orderBy(asc(user.name)),
  ]);
  return {
    tickets: rows.map((row) => toSummary(row, targetsOf, now)),
    total,
    pageSize: TICKETS_PAGE_SIZE,
    staff: staff.map((s) => ({ id: s.id, name: s.name || s.email })),
  };
}

type StaffQueueQuery = z.output<typeof ZStaffTicketsQuery>;

/** The queue's filters but the breach. */
function filterOf(query: StaffQueueQuery) {
  return and(
    query.status === "active"
      ? ne(ticket.status, "resolved")
      : query.status
        ? eq(ticket.status, query.status)
        : undefined,
    query.priority ? eq(ticket.priority, query.priority) : undefined,
    query.assigneeId === "none"
      ? isNull(ticket.assigneeId)
      : query.assigneeId
        ? eq(ticket.assigneeId, query.assigneeId)
        : undefined,
    query.companyId ? eq(ticket.companyId, query.companyId) : undefined,
  );
}

/**
 * How many tickets the queue holds. Filtered by breach, it adds up the parts of `breachParts`:
 * the tickets whose stored deadline has passed are counted from ticket_sla_queue_idx alone; only
 * those whose deadline has not passed (or that have no clock running) are joined to their targets.
 * Deciding the breach of every ticket at `now` read and joined all of them (ADR 0035).
 */
async function countOf(db: Database, query: StaffQueueQuery, now: Date) {
  const counted = (condition: SQL | undefined, targets: boolean) => {
    const tickets = db.select({ value: count() }).from(ticket);
    return (targets ? tickets.leftJoin(slaTarget, eq(slaTarget.priority, ticket.priority)) : tickets).where(
      and(filterOf(query), condition),
    );
  };
  const parts = breachParts(now);
  const queries =
    query.breached === "true"
      ? [counted(parts.deadlinePassed, false), counted(parts.settled, true)]
      : query.breached === "false"
        ? [counted(parts.notBreached, true)]
        : [counted(undefined, false)];
  const totals = await Promise.all(queries);
  return totals.reduce((sum, [row]) => sum + (row?.value ?? 0), 0);
}

/**
 * The clients that have tickets, by name: the queue's client filter. Its own endpoint, read once by
 * the screen: at agency scale it is thousands of names, which every page of the queue used to carry.
 */
export async function ticketCompanies({ db }: ServiceContext): Promise<TTicketCompaniesResponse> {
  // A semi-join: one probe of ticket_company_idx per company, not every ticket joined then made distinct.
  const companies = await db
    .select({ id: company.id, name: company.name })
    .from(company)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(ticket)
          .where(eq(ticket.companyId, company.id)),
      ),
    )
    .orderBy(asc(company.name), asc(company.id));
  return { companies };
}
