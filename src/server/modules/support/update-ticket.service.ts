import { and, eq } from "drizzle-orm";
import { STATUS_LABELS, type TTicketPriority, type TTicketStatus } from "../../../shared/support-labels";
import { user } from "../../db/schema/auth";
import { ticket } from "../../db/schema/support";
import { AppError } from "../../lib/app-error";
import { audit } from "../audit";
import { clockAfterStatus } from "./sla";
import { ticketInScope } from "./ticket-access";
import type { ActorContext } from "../../context/service-context";

export interface TicketChanges {
  id: string;
  status?: TTicketStatus;
  priority?: TTicketPriority;
  assigneeId?: string | null;
}

/** Staff set a ticket's status by hand, its priority or its assignee (a staff account), recorded in the audit log. */
export async function updateTicket(ctx: ActorContext, changes: TicketChanges) {
  const { db, now } = ctx;
  const { id } = changes;
  if (changes.assigneeId) {
    const [staff] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, changes.assigneeId), eq(user.role, "admin")));
    if (!staff)
      throw new AppError("VALIDATION", "Assign the ticket to a staff account.", {
        fields: { assigneeId: "Pick a staff account" },
      });
  }
  return ctx.transaction(async (tx) => {
    const row = await ticketInScope(tx.db, { all: true }, id, { lock: true });
    const status = changes.status ?? row.status;
    const statusPatch =
      status === row.status
        ? {}
        : { status, resolvedAt: status === "resolved" ? now : null, ...clockAfterStatus(row, status, now) };
    const patch = {
      ...statusPatch,
      ...(changes.priority ? { priority: changes.priority } : {}),
      ...(changes.assigneeId !== undefined ? { assigneeId: changes.assigneeId } : {}),
      updatedAt: now,
    };
    const [updated] = await tx.db.update(ticket).set(patch).where(eq(ticket.id, id)).returning();
    const before = { status: row.status, priority: row.priority, assigneeId: row.assigneeId };
    const after = { status: updated!.status, priority: updated!.priority, assigneeId: updated!.assigneeId };
    await audit(tx, {
      action: "ticket.updated",
      companyId: row.companyId,
      objectType: "ticket",
      objectId: id,
      summary: `Ticket “${row.subject}”: ${STATUS_LABELS[after.status]}, ${after.priority} priority${after.assigneeId ? ", assigned" : ", unassigned"}`,
      before,
      after,
    });
    return { id, status: updated!.status, message: `The ticket is ${STATUS_LABELS[updated!.status].toLowerCase()}.` };
  });
}
