import { eq } from "drizzle-orm";
import { ticket, ticketAttachment, ticketMessage } from "../../db/schema/support";
import { findPendingUploads, takeUploads, uncountedBytes } from "./pending-uploads";
import { checkStorageQuota } from "./storage-quota";
import { queueNotices } from "./ticket-notices.service";
import type { AttachmentStore, ReceivedFile } from "./attachment-store";
import type { TicketRow } from "./ticket-access";
import type { Config } from "../../config";
import type { Database } from "../../db/client";

export type SupportConfig = Pick<Config, "APP_URL" | "MAIL_FROM" | "INBOUND_EMAIL_DOMAIN" | "ATTACHMENT_QUOTA_MB">;

/** What the support services need besides the database: settings, the clock and (for files) the attachment store. */
export interface SupportDeps {
  config: SupportConfig;
  now: Date;
  files?: AttachmentStore;
}

/** The attachment store, which a message with files cannot do without. */
export const storeOf = (deps: SupportDeps) => {
  if (!deps.files) throw new Error("Files were sent, but the support services were given no attachment store.");
  return deps.files;
};

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
 * Adds a message (and its received files) to a locked ticket; a public one is noticed to the other
 * side. Returns how many were told. The files' bytes go to the store (chunks are written here).
 */
export async function appendMessage(tx: Database, row: TicketRow, message: NewMessage, deps: SupportDeps) {
  const { config, now } = deps;
  const { files, uploadIds = [], ...fields } = message;
  const pending = { ids: uploadIds, uploaderId: message.authorId ?? "", companyId: row.companyId };
  const uploads = await findPendingUploads(tx, pending, { lock: true });
  const adding = files.reduce((sum, file) => sum + file.sizeBytes, 0) + uncountedBytes(uploads);
  await checkStorageQuota(tx, row.companyId, adding, config.ATTACHMENT_QUOTA_MB, { lock: true });
  const [created] = await tx
    .insert(ticketMessage)
    .values({ ticketId: row.id, ...fields, createdAt: now })
    .returning({ id: ticketMessage.id });
  for (const file of files) {
    const store = storeOf(deps);
    await tx.insert(ticketAttachment).values({
      id: file.id,
      ticketId: row.id,
      messageId: created!.id,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      storedIn: store.storedIn,
      sha256: file.sha256,
    });
    await store.persist(tx, file);
  }
  const target = { ticketId: row.id, messageId: created!.id, companyId: row.companyId };
  await takeUploads(
    tx,
    uploads.map((upload) => upload.id),
    target,
  );
  await tx.update(ticket).set({ lastMessageAt: now, updatedAt: now }).where(eq(ticket.id, row.id));
  const told =
    message.kind === "public"
      ? await queueNotices(tx, row, { id: created!.id, side: message.side, authorId: message.authorId }, config, now)
      : 0;
  return { messageId: created!.id, told };
}
