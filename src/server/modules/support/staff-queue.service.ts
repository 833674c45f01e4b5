import { and, asc, count, desc, eq, exists, inArray, isNull, ne, not, sql, type SQL } from "drizzle-orm";
import { preparedOnce, UNNAMED } from "../../db/prepared-once";
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
  const statements = queueStatements(db, query);
  const bindings = {
    status: query.status ?? "",
    priority: query.priority ?? "",
    assigneeId: query.assigneeId ?? "",
    companyId: query.companyId ?? "",
    now: now.toISOString(),
    limit: TICKETS_PAGE_SIZE,
    offset: (query.page - 1) * TICKETS_PAGE_SIZE,
  };
  const [rows, totals, targetsOf, staff] = await Promise.all([
    statements.page.execute(bindings),
    Promise.all(statements.counts.map((counted) => counted.execute(bindings))),
    loadSlaTargets(db),
    statements.staff.execute(),
  ]);
  return {
    tickets: rows.map((row) => toSummary(row, targetsOf, now)),
    total: totals.reduce((sum, [row]) => sum + (row?.value ?? 0), 0),
    pageSize: TICKETS_PAGE_SIZE,
    staff: staff.map((s) => ({ id: s.id, name: s.name || s.email })),
  };
}

type StaffQueueQuery = z.output<typeof ZStaffTicketsQuery>;

/** What changes the queue's statements' text (its values do not). */
const shapeOf = (query: StaffQueueQuery) =>
  [
    query.status === "active" ? "active" : query.status ? "status" : "",
    query.priority ? "priority" : "",
    query.assigneeId === "none" ? "unassigned" : query.assigneeId ? "assignee" : "",
    query.companyId ? "company" : "",
    query.breached ?? "",
  ].join(":");

/** The queue's filters but the breach, over placeholders bound by `staffQueue`. */
function filterOf(query: StaffQueueQuery) {
  return and(
    query.status === "active"
      ? ne(ticket.status, "resolved")
      : query.status
        ? eq(ticket.status, sql.placeholder("status"))
        : undefined,
    query.priority ? eq(ticket.priority, sql.placeholder("priority")) : undefined,
    query.assigneeId === "none"
      ? isNull(ticket.assigneeId)
      : query.assigneeId
        ? eq(ticket.assigneeId, sql.placeholder("assigneeId"))
        : undefined,
    query.companyId ? eq(ticket.companyId, sql.placeholder("companyId")) : undefined,
  );
}

/**
 * The queue's statements for one shape of query, built once (ADR 0035: building the SQL text was
 * a third of a staff page's CPU): the page, its count, and the staff who can be assigned.
 */
function queueStatements(db: Database, query: StaffQueueQuery) {
  return preparedOnce(db, `staffQueue:${shapeOf(query)}`, () => {
    const now = sql`${sql.placeholder("now")}`;
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
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"));
    return {
      page: selectSummaries(db)
        .where(inArray(ticket.id, pageIds))
        .orderBy(...order)
        .prepare(UNNAMED),
      counts: countsOf(db, query, now).map((counted) => counted.prepare(UNNAMED)),
      staff: db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(eq(user.role, "admin"))
        .orderBy(asc(user.name))
        .prepare(UNNAMED),
    };
  });
}

/**
 * How many tickets the queue holds, as counts to add up. Filtered by breach, they are the parts
 * of `breachParts`: the tickets whose stored deadline has passed are counted from
 * ticket_sla_queue_idx without their targets; only those whose deadline has not passed (or that
 * have no clock running) are joined to their targets. Deciding the breach of every ticket at
 * `now` read and joined all of them (ADR 0035).
 */
function countsOf(db: Database, query: StaffQueueQuery, now: SQL) {
  const counted = (condition: SQL | undefined, targets: boolean) => {
    const tickets = db.select({ value: count() }).from(ticket);
    return (targets ? tickets.leftJoin(slaTarget, eq(slaTarget.priority, ticket.priority)) : tickets).where(
      and(filterOf(query), condition),
    );
  };
  const parts = breachParts(now);
  if (query.breached === "true") return [counted(parts.deadlinePassed, false), counted(parts.settled, true)];
  if (query.breached === "false") return [counted(parts.notBreached, true)];
  return [counted(undefined, false)];
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
