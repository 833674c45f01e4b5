import { and, count, desc, eq, exists, or } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { ticket, ticketWatcher } from "../../db/schema/support";
import { loadSlaTargets } from "./sla-targets.service";
import { selectSummaries, toSummary } from "./ticket-summary";
import type { TListTicketsResponse } from "../../../shared/support";
import type { ActorContext } from "../../context/service-context";

export const TICKETS_PAGE_SIZE = 25;

/** The company's tickets, latest activity first; `mine`: those the caller opened or watches. */
export async function listTickets(
  ctx: ActorContext,
  query: { mine: "true" | "false"; page: number },
): Promise<TListTicketsResponse> {
  const { db, scope, now } = ctx;
  const userId = ctx.actor.id;
  const watching = exists(
    db
      .select({ one: ticketWatcher.ticketId })
      .from(ticketWatcher)
      .where(and(eq(ticketWatcher.ticketId, ticket.id), eq(ticketWatcher.userId, userId))),
  );
  const where = and(
    inScope(ticket.companyId, scope),
    query.mine === "true" ? or(eq(ticket.openedBy, userId), watching) : undefined,
  );
  const [rows, [total], targetsOf] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(desc(ticket.lastMessageAt), desc(ticket.id))
      .limit(TICKETS_PAGE_SIZE)
      .offset((query.page - 1) * TICKETS_PAGE_SIZE),
    db.select({ value: count() }).from(ticket).where(where),
    loadSlaTargets(db),
  ]);
  return {
    tickets: rows.map((row) => toSummary(row, targetsOf, now)),
    total: total?.value ?? 0,
    pageSize: TICKETS_PAGE_SIZE,
  };
}
