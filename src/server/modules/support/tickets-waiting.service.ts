import { and, desc, eq } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { ticket } from "../../db/schema/support";
import type { ServiceContext } from "../../context/service-context";

/**
 * The company's tickets waiting on the client (for the dashboard's "needs your attention"), longest
 * waiting first. Reads only the database and the scope of the context.
 */
export async function ticketsWaitingOnClient({ db, scope }: Pick<ServiceContext, "db" | "scope">) {
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
