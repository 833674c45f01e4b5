import { and, desc, eq } from "drizzle-orm";
import { inScope, type CompanyScope } from "../../context/company-scope";
import { ticket } from "../../db/schema/support";
import type { Database } from "../../db/client";

/** The company's tickets waiting on the client (for the dashboard's "needs your attention"), longest waiting first. */
export async function ticketsWaitingOnClient(db: Database, scope: CompanyScope) {
  const rows = await db
    .select({ ticketId: ticket.id, subject: ticket.subject, since: ticket.pausedSince, updatedAt: ticket.updatedAt })
    .from(ticket)
    .where(and(inScope(ticket.companyId, scope), eq(ticket.status, "waiting_on_client")))
    .orderBy(desc(ticket.updatedAt))
    .limit(5);
  return rows.map((row) => ({
    ticketId: row.ticketId,
    subject: row.subject,
    since: (row.since ?? row.updatedAt).toISOString(),
  }));
}
