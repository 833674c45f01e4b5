import { and, desc, eq, sql, type SQL } from "drizzle-orm";
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
  return rows.map(waitingTicket);
}

interface WaitingRow {
  ticketId: string;
  subject: string;
  since: Date | null;
  updatedAt: Date;
}

const waitingTicket = (row: WaitingRow) => ({
  ticketId: row.ticketId,
  subject: row.subject,
  since: (row.since ?? row.updatedAt).toISOString(),
});

/** `ticketsWaitingOnClient` of one company as one JSON value, for a statement that reads a whole screen at once. */
export function ticketsWaitingJson(companyId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('ticketId', w.id, 'subject', w.subject, 'since', w.since,
      'updatedAt', w.updated_at) order by w.updated_at desc, w.n), '[]')
    from (select ${ticket.id} as id, ${ticket.subject} as subject, ${ticket.pausedSince} as since,
        ${ticket.updatedAt} as updated_at, row_number() over (order by ${ticket.updatedAt} desc) as n
      from ${ticket} where ${ticket.companyId} = ${companyId} and ${ticket.status} = 'waiting_on_client'
      order by ${ticket.updatedAt} desc limit 5) w)`;
}

export function ticketsWaitingFrom(value: unknown) {
  return (value as { ticketId: string; subject: string; since: string | null; updatedAt: string }[]).map((row) =>
    waitingTicket({
      ...row,
      since: row.since === null ? null : new Date(row.since),
      updatedAt: new Date(row.updatedAt),
    }),
  );
}
