import { and, asc, eq, inArray } from "drizzle-orm";
import { inScope } from "../../context/company-scope";
import { user } from "../../db/schema/auth";
import { ticket, ticketAttachment, ticketMessage, ticketWatcher } from "../../db/schema/support";
import { notFound } from "../../lib/app-error";
import { loadSlaTargets } from "./sla-targets.service";
import { NO_TICKET, sideOf } from "./ticket-access";
import { selectSummaries, toSummary } from "./ticket-summary";
import type { TGetTicketResponse } from "../../../shared/support";
import type { ServiceContext } from "../../context/service-context";

/** A ticket and its thread; a client never gets the internal notes (filtered in SQL, not on screen). */
export async function getTicket(ctx: ServiceContext, input: { id: string }): Promise<TGetTicketResponse> {
  const { db, scope, now } = ctx;
  const { id } = input;
  const [row] = await selectSummaries(db).where(and(eq(ticket.id, id), inScope(ticket.companyId, scope)));
  if (!row) throw notFound(NO_TICKET);
  const staffView = sideOf(scope) === "staff";
  const messages = await db
    .select({ message: ticketMessage, authorName: user.name })
    .from(ticketMessage)
    .leftJoin(user, eq(user.id, ticketMessage.authorId))
    .where(and(eq(ticketMessage.ticketId, id), staffView ? undefined : eq(ticketMessage.kind, "public")))
    .orderBy(asc(ticketMessage.createdAt), asc(ticketMessage.id));
  const messageIds = messages.map((m) => m.message.id);
  const files = messageIds.length
    ? await db
        .select({
          id: ticketAttachment.id,
          messageId: ticketAttachment.messageId,
          fileName: ticketAttachment.fileName,
          contentType: ticketAttachment.contentType,
          sizeBytes: ticketAttachment.sizeBytes,
        })
        .from(ticketAttachment)
        .where(inArray(ticketAttachment.messageId, messageIds))
        .orderBy(asc(ticketAttachment.createdAt))
    : [];
  const watchers = await db
    .select({ id: user.id, name: user.name })
    .from(ticketWatcher)
    .innerJoin(user, eq(user.id, ticketWatcher.userId))
    .where(eq(ticketWatcher.ticketId, id));
  const t = row.ticket;
  return {
    ...toSummary(row, await loadSlaTargets(db), now),
    assigneeId: t.assigneeId,
    automationId: t.automationId,
    runId: t.runId,
    runSnapshot: t.runSnapshot ?? null,
    previousTicketId: t.previousTicketId,
    resolvedAt: t.resolvedAt?.toISOString() ?? null,
    watchers,
    messages: messages.map(({ message, authorName }) => ({
      id: message.id,
      side: message.side,
      kind: message.kind,
      via: message.via,
      authorName: authorName ?? null,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      attachments: files.filter((file) => file.messageId === message.id).map(({ messageId: _omit, ...file }) => file),
    })),
  };
}

/** One file of a ticket in the caller's reach, its bytes streamed; a client never gets a file of an internal note. */
export async function getAttachment(ctx: ServiceContext, input: { ticketId: string; attachmentId: string }) {
  const { db, scope } = ctx;
  const { ticketId, attachmentId } = input;
  const [file] = await db
    .select({
      fileName: ticketAttachment.fileName,
      contentType: ticketAttachment.contentType,
      sizeBytes: ticketAttachment.sizeBytes,
      storedIn: ticketAttachment.storedIn,
      // Only files stored before ADR 0022 keep their bytes in the row.
      content: ticketAttachment.content,
    })
    .from(ticketAttachment)
    .innerJoin(ticket, eq(ticket.id, ticketAttachment.ticketId))
    .innerJoin(ticketMessage, eq(ticketMessage.id, ticketAttachment.messageId))
    .where(
      and(
        eq(ticketAttachment.id, attachmentId),
        eq(ticketAttachment.ticketId, ticketId),
        inScope(ticket.companyId, scope),
        sideOf(scope) === "staff" ? undefined : eq(ticketMessage.kind, "public"),
      ),
    );
  if (!file) throw notFound("There is no such file on this ticket.");
  const { content, ...about } = file;
  const body =
    file.storedIn === "row"
      ? new Blob([new Uint8Array(content ?? Buffer.alloc(0))]).stream()
      : await ctx.app.attachments.open(db, attachmentId);
  return { ...about, body };
}
