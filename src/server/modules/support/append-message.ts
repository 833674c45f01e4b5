import { eq } from "drizzle-orm";
import { ticket, ticketAttachment, ticketMessage } from "../../db/schema/support";
import { findPendingUploads, takeUploads, uncountedBytes } from "./pending-uploads";
import { checkStorageQuota } from "./storage-quota";
import { queueNotices } from "./ticket-notices.service";
import type { ReceivedFile } from "./attachment-store";
import type { TicketRow } from "./ticket-access";
import type { ServiceContext } from "../../context/service-context";

export interface NewMessage {
  authorId: string | null;
  side: "client" | "staff";
  kind: "public" | "internal";
  via: "portal" | "email";
  body: string;
  files: ReceivedFile[];
  /** Files the author uploaded first (POST /api/tickets/uploads), taken by this message. */
  uploadIds?: string[];
}

/**
 * Adds a message (and its received files) to a locked ticket, in the caller's transaction `tx`; a
 * public one is noticed to the other side. The files' bytes go to the store (chunks are written here).
 */
export async function appendMessage(tx: ServiceContext, row: TicketRow, message: NewMessage) {
  const { db, now } = tx;
  const { files, uploadIds = [], ...fields } = message;
  const pending = { ids: uploadIds, uploaderId: message.authorId ?? "", companyId: row.companyId };
  const uploads = await findPendingUploads(db, pending, { lock: true });
  const adding = files.reduce((sum, file) => sum + file.sizeBytes, 0) + uncountedBytes(uploads);
  await checkStorageQuota(db, row.companyId, adding, tx.app.config.ATTACHMENT_QUOTA_MB, { lock: true });
  const [created] = await db
    .insert(ticketMessage)
    .values({ ticketId: row.id, ...fields, createdAt: now })
    .returning({ id: ticketMessage.id });
  const store = tx.app.attachments;
  for (const file of files) {
    await db.insert(ticketAttachment).values({
      id: file.id,
      ticketId: row.id,
      messageId: created!.id,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      storedIn: store.storedIn,
      sha256: file.sha256,
    });
    await store.persist(db, file);
  }
  const target = { ticketId: row.id, messageId: created!.id, companyId: row.companyId };
  await takeUploads(
    db,
    uploads.map((upload) => upload.id),
    target,
  );
  await db.update(ticket).set({ lastMessageAt: now, updatedAt: now }).where(eq(ticket.id, row.id));
  if (message.kind === "public") {
    await queueNotices(tx, { row, message: { id: created!.id, side: message.side, authorId: message.authorId } });
  }
  return { messageId: created!.id };
}
