import { and, eq } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { inScope, type CompanyScope } from "../../context/company-scope";
import { ticket } from "../../db/schema/support";
import { notFound } from "../../lib/app-error";
import type { Database } from "../../db/client";

export const NO_TICKET = "There is no such ticket in your company.";

export type TicketRow = typeof ticket.$inferSelect;

/** Staff see internal notes and write as the agency; everyone else is the client side (staff viewing a client too). */
export const sideOf = (scope: CompanyScope) => (scope.all ? "staff" : "client");

/** The ticket if the scope reaches it, locked for the rest of the transaction when asked; else 404. */
export async function ticketInScope(
  db: Pick<Database, "select">,
  scope: CompanyScope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TicketRow> {
  if (!isUuid(id)) throw notFound(NO_TICKET);
  const query = db
    .select()
    .from(ticket)
    .where(and(eq(ticket.id, id), inScope(ticket.companyId, scope)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound(NO_TICKET);
  return row;
}
