import { eq } from "drizzle-orm";
import { ticket, ticketAttachment, ticketMessage } from "../../db/schema/support";
import { queueNotices } from "./ticket-notices.service";
import type { CheckedFile } from "./attachment-types";
import type { TicketRow } from "./ticket-access";
import type { Config } from "../../config";
import type { Database } from "../../db/client";

export type SupportConfig = Pick<Config, "APP_URL" | "MAIL_FROM" | "INBOUND_EMAIL_DOMAIN">;

export interface NewMessage {
  authorId: string | null;
  side: "client" | "staff";
  kind: "public" | "internal";
  via: "portal" | "email";
  body: string;
  files: CheckedFile[];
}

/** Adds a message (and its files) to a locked ticket; a public one is noticed to the other side. Returns how many were told. */
export async function appendMessage(
  tx: Pick<Database, "select" | "insert" | "update">,
  row: TicketRow,
  message: NewMessage,
  config: SupportConfig,
  now: Date,
) {
  const { files, ...fields } = message;
  const [created] = await tx
    .insert(ticketMessage)
    .values({ ticketId: row.id, ...fields, createdAt: now })
    .returning({ id: ticketMessage.id });
  for (const file of files) {
    await tx.insert(ticketAttachment).values({
      ticketId: row.id,
      messageId: created!.id,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.content.length,
      content: file.content,
    });
  }
  await tx.update(ticket).set({ lastMessageAt: now, updatedAt: now }).where(eq(ticket.id, row.id));
  const told =
    message.kind === "public"
      ? await queueNotices(tx, row, { id: created!.id, side: message.side, authorId: message.authorId }, config, now)
      : 0;
  return { messageId: created!.id, told };
}
