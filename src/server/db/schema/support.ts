import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TRunSnapshot,
} from "../../../shared/support-labels";
import { user } from "./auth";
import { automation, automationRun } from "./automations";
import { company } from "./companies";
import { mailOutbox } from "./mail";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** A support ticket of a client company, optionally about one automation and one of its runs. */
export const ticket = pgTable(
  "ticket",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    openedBy: text("opened_by").references(() => user.id, { onDelete: "set null" }),
    assigneeId: text("assignee_id").references(() => user.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    category: text("category", { enum: TICKET_CATEGORIES }).notNull(),
    priority: text("priority", { enum: TICKET_PRIORITIES }).notNull().default("normal"),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
    automationId: uuid("automation_id").references(() => automation.id, { onDelete: "set null" }),
    runId: uuid("run_id").references(() => automationRun.id, { onDelete: "set null" }),
    /** The run as it was when it was linked: status, start time and client-safe error. */
    runSnapshot: jsonb("run_snapshot").$type<TRunSnapshot>(),
    /** The resolved ticket this one follows up (a reply more than 7 days after it was resolved). */
    previousTicketId: uuid("previous_ticket_id"),
    firstRespondedAt: timestamp("first_responded_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** Since when the ticket waits on the client (the resolution clock is paused), or null. */
    pausedSince: timestamp("paused_since", { withTimezone: true }),
    /** Time spent waiting on the client before `pausedSince`, in milliseconds. */
    pausedMs: bigint("paused_ms", { mode: "number" }).notNull().default(0),
    /**
     * When the nearest running clock (first response, resolution) runs out under the ticket's
     * priority's targets, null when none runs: the staff queue's order. Never written by the app:
     * a trigger computes it on every write of the clock columns or of the targets (ADR 0035).
     */
    slaDueAt: timestamp("sla_due_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ticket_company_idx").on(table.companyId, table.lastMessageAt),
    index("ticket_status_idx").on(table.status, table.createdAt),
    index("ticket_assignee_idx").on(table.assigneeId),
    // The staff queue's order (nearest deadline first, no running clock last), read in index order.
    index("ticket_sla_queue_idx").on(
      table.slaDueAt.asc().nullsLast(),
      table.lastMessageAt.desc().nullsFirst(),
      table.id,
    ),
    // Deleting a run (retention) sets its tickets' link to null: without it, each deleted run scans every ticket.
    index("ticket_run_idx")
      .on(table.runId)
      .where(sql`${table.runId} is not null`),
  ],
);

/** Other members of the ticket's company who follow it (and get its notices). */
export const ticketWatcher = pgTable(
  "ticket_watcher",
  {
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => ticket.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.userId] })],
);

/** One message of a thread: a public reply, or a note only staff ever see. */
export const ticketMessage = pgTable(
  "ticket_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => ticket.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    side: text("side", { enum: ["client", "staff"] }).notNull(),
    kind: text("kind", { enum: ["public", "internal"] }).notNull(),
    via: text("via", { enum: ["portal", "email"] })
      .notNull()
      .default("portal"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ticket_message_ticket_idx").on(table.ticketId, table.createdAt)],
);

/**
 * A file sent with a message. Its bytes live where `storedIn` says (ADR 0022): "file", a file under
 * the data folder (embedded database); "chunks", rows of ticket_attachment_chunk (PostgreSQL);
 * "row", the `content` column (files stored before that ADR). An upload (POST /api/tickets/uploads) is a
 * row without ticket and message until a message takes it; while its bytes come in, sha256 is null.
 */
export const ticketAttachment = pgTable(
  "ticket_attachment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id").references(() => ticket.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => ticketMessage.id, { onDelete: "cascade" }),
    /** An upload's company (null for staff, whose files count when a message takes them). */
    companyId: uuid("company_id").references(() => company.id, { onDelete: "cascade" }),
    /** Who uploaded the file: only they may send it with a message. */
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storedIn: text("stored_in", { enum: ["row", "file", "chunks"] })
      .notNull()
      .default("row"),
    /** Hex SHA-256 of the bytes, computed as they were received (null for files stored before ADR 0022). */
    sha256: text("sha256"),
    content: bytea("content"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ticket_attachment_message_idx").on(table.messageId),
    index("ticket_attachment_ticket_idx").on(table.ticketId),
    index("ticket_attachment_upload_idx")
      .on(table.companyId, table.createdAt)
      .where(sql`${table.messageId} is null`),
    check("ticket_attachment_on_a_message", sql`(${table.ticketId} is null) = (${table.messageId} is null)`),
  ],
);

/** The bytes of a file stored as "chunks", in order: written slice by slice as they are decoded. */
export const ticketAttachmentChunk = pgTable(
  "ticket_attachment_chunk",
  {
    attachmentId: uuid("attachment_id")
      .notNull()
      .references(() => ticketAttachment.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.attachmentId, table.seq] })],
);

/** A notice of a ticket in the outbox: later replies join it while it is not sent (one mail per 5 minutes). */
export const ticketMail = pgTable(
  "ticket_mail",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => ticket.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    outboxId: uuid("outbox_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    messageIds: jsonb("message_ids").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ticket_mail_ticket_idx").on(table.ticketId, table.recipient, table.createdAt)],
);

/** The address part of `reply+<token>@…`: who may answer which ticket by email (kept hashed). */
export const ticketReplyToken = pgTable(
  "ticket_reply_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => ticket.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ticket_reply_token_ticket_idx").on(table.ticketId, table.userId)],
);

/** Answers the team saves and reuses. */
export const cannedReply = pgTable("canned_reply", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The service targets per priority, in minutes (the resolution clock pauses while waiting on the client). */
export const slaTarget = pgTable("sla_target", {
  priority: text("priority", { enum: TICKET_PRIORITIES }).primaryKey(),
  firstResponseMinutes: integer("first_response_minutes").notNull(),
  resolutionMinutes: integer("resolution_minutes").notNull(),
});
