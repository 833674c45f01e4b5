import { eq } from "drizzle-orm";
import { REOPEN_WINDOW_DAYS, type TTicketStatus } from "../../../shared/support-labels";
import { ticket, ticketWatcher } from "../../db/schema/support";
import { AppError } from "../../lib/app-error";
import { emitTicketEvent } from "../channels";
import { appendMessage } from "./append-message";
import { findPendingUploads, sumBytes, uncountedBytes } from "./pending-uploads";
import { checkSizes, withReceivedFiles, type Upload } from "./receive-files";
import { clockAfterStatus } from "./sla";
import { checkStorageQuota } from "./storage-quota";
import { sideOf, ticketInScope, type TicketRow } from "./ticket-access";
import type { ReceivedFile } from "./attachment-store";
import type { ActorContext } from "../../context/service-context";

const DAY_MS = 86_400_000;

export interface ReplyInput {
  ticketId: string;
  body: string;
  internal: boolean;
  files: Upload[];
  /** Files uploaded first (POST /api/tickets/uploads). */
  uploadIds?: string[];
  via: "portal" | "email";
}

/** A client reply more than 7 days after the resolution: a new ticket that follows the old one up. */
async function followUp(ctx: ActorContext, old: TicketRow) {
  const { db: tx, actor, now } = ctx;
  const [row] = await tx
    .insert(ticket)
    .values({
      companyId: old.companyId,
      openedBy: actor.id,
      subject: `Follow-up: ${old.subject}`.slice(0, 255),
      category: old.category,
      priority: old.priority,
      automationId: old.automationId,
      runId: old.runId,
      runSnapshot: old.runSnapshot,
      previousTicketId: old.id,
      lastMessageAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const watchers = await tx
    .select({ userId: ticketWatcher.userId })
    .from(ticketWatcher)
    .where(eq(ticketWatcher.ticketId, old.id));
  if (watchers.length)
    await tx.insert(ticketWatcher).values(watchers.map((w) => ({ ticketId: row!.id, userId: w.userId })));
  return row!;
}

/** Where a message moves the ticket: staff public reply → waiting on client; client reply → waiting on agency. */
function nextStatus(row: TicketRow, side: "client" | "staff", internal: boolean): TTicketStatus {
  if (internal) return row.status;
  return side === "staff" ? "waiting_on_client" : "waiting_on_agency";
}

/** The alert channels hear of a reply; an internal note is the agency's alone and never an event. */
async function emitReplyEvent(
  tx: ActorContext,
  row: TicketRow,
  { started, internal, side }: { started: boolean; internal: boolean; side: "client" | "staff" },
) {
  if (started) await emitTicketEvent(tx, { type: "ticket.created", ticket: row, from: "client" });
  else if (!internal)
    await emitTicketEvent(tx, { type: "ticket.replied", ticket: row, from: side === "staff" ? "agency" : "client" });
}

/** Appends a reply or an internal note to a ticket in the caller's reach and moves its status. */
export async function addReply(ctx: ActorContext, input: ReplyInput) {
  const { db, scope, actor, now } = ctx;
  const { ticketId } = input;
  const side = sideOf(scope);
  if (input.internal && side !== "staff") {
    throw new AppError("VALIDATION", "Only the agency writes internal notes.", { fields: { internal: "Not allowed" } });
  }
  const uploads = input.files;
  const uploadIds = input.uploadIds ?? [];
  if (uploads.length || uploadIds.length) {
    // Refused from the sizes alone, before a byte is decoded or written (checked again, held, in the transaction).
    const { companyId } = await ticketInScope(db, scope, ticketId);
    const uploaded = await findPendingUploads(db, { ids: uploadIds, uploaderId: actor.id, companyId });
    const encodedBytes = checkSizes(uploads, sumBytes(uploaded));
    await checkStorageQuota(db, companyId, encodedBytes + uncountedBytes(uploaded), ctx.app.config.ATTACHMENT_QUOTA_MB);
  }
  const record = (files: ReceivedFile[]) =>
    ctx.transaction(async (tx) => {
      let row = await ticketInScope(tx.db, scope, ticketId, { lock: true });
      let started = false;
      if (side === "client" && row.status === "resolved" && row.resolvedAt) {
        if (now.getTime() - row.resolvedAt.getTime() > REOPEN_WINDOW_DAYS * DAY_MS) {
          row = await followUp(tx, row);
          started = true;
        }
      }
      const status = started ? "open" : nextStatus(row, side, input.internal);
      if (!started && status !== row.status) {
        const firstResponse =
          side === "staff" && !input.internal && !row.firstRespondedAt ? { firstRespondedAt: now } : {};
        const patch = { status, resolvedAt: null, ...clockAfterStatus(row, status, now), ...firstResponse };
        [row] = (await tx.db.update(ticket).set(patch).where(eq(ticket.id, row.id)).returning()) as [TicketRow];
      } else if (!started && side === "staff" && !input.internal && !row.firstRespondedAt) {
        [row] = (await tx.db
          .update(ticket)
          .set({ firstRespondedAt: now })
          .where(eq(ticket.id, row.id))
          .returning()) as [TicketRow];
      }
      const kind = input.internal ? "internal" : "public";
      const message = { authorId: actor.id, side, kind, via: input.via, body: input.body, files, uploadIds } as const;
      const { messageId } = await appendMessage(tx, row, message);
      await emitReplyEvent(tx, row, { started, internal: input.internal, side });
      const words = started
        ? "This ticket was resolved more than 7 days ago: your reply started a new ticket linked to it."
        : input.internal
          ? "Internal note added; the client does not see it."
          : "Reply sent.";
      return { id: row.id, status: row.status, messageId, message: words };
    });
  return uploads.length ? withReceivedFiles(ctx.app.attachments, uploads, record) : record([]);
}
