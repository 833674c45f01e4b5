import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { MailAttachment } from "../../mail/layout";

/**
 * Every email goes here first, in the same transaction as the change that caused it
 * where we own that transaction; the outbox worker delivers it with retries.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Files sent with the message: their bytes, or a reference the mailer renders at delivery (an invoice's PDF). */
    attachments: jsonb("attachments").$type<MailAttachment[]>().notNull().default([]),
    /** Template name, for the dev mailbox and for tests. */
    kind: text("kind").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Where replies go (support notices: `reply+<token>@…`), and the thread the message belongs to. */
    replyTo: text("reply_to"),
    inReplyTo: text("in_reply_to"),
    references: text("references"),
    /** Further headers, by name: `List-Unsubscribe` and `List-Unsubscribe-Post` on alerts and digests. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("mail_outbox_to_idx").on(table.to),
  ],
);
