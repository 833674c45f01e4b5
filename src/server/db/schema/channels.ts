import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CHANNEL_KINDS, DELIVERY_STATUSES, type ChannelEventType } from "../../../shared/channels-labels";
import { company } from "./companies";

/** The human side of an event, for chat channels. */
export interface EventSummary {
  title: string;
  text: string;
  url: string;
}

/**
 * Where a company's events (or, without a company, the agency's) are posted: Slack, Teams or a
 * signed webhook. The address and the signing secret are encrypted at rest (AES-256-GCM).
 */
export const notificationChannel = pgTable(
  "notification_channel",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The client company that owns it; null for the agency's own channels (staff). */
    companyId: uuid("company_id").references(() => company.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CHANNEL_KINDS }).notNull(),
    name: text("name").notNull(),
    /** The address, encrypted; `urlHint` is what the screens show of it. */
    urlEncrypted: text("url_encrypted").notNull(),
    urlHint: text("url_hint").notNull(),
    /** The Standard Webhooks secret (whsec_…), encrypted; webhooks only. */
    secretEncrypted: text("secret_encrypted"),
    events: jsonb("events").$type<ChannelEventType[]>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Since when every attempt has failed; cleared by a success. 24 hours of it disable the channel. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("notification_channel_company_idx").on(table.companyId)],
);

/**
 * One event for one channel: the durable queue (like the mail outbox). Its id is the
 * `webhook-id` of every attempt, so a receiver can tell a retry from a new event.
 */
export const channelDelivery = pgTable(
  "channel_delivery",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order events were queued in: each channel gets its events in this order. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => notificationChannel.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    /** The event as the channel's audience may see it: `{ type, timestamp, data }`. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** What Slack and Teams show: a title, a line of text and a link into the portal. */
    summary: jsonb("summary").$type<EventSummary>().notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Retries stop 24 hours after this. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("channel_delivery_due_idx").on(table.status, table.nextAttemptAt),
    index("channel_delivery_channel_idx").on(table.channelId, table.seq),
  ],
);

/** Every attempt of a delivery: when, the answer's status, how long it took, and the start of the answer. */
export const channelDeliveryAttempt = pgTable(
  "channel_delivery_attempt",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => channelDelivery.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    /** The HTTP status; null when no answer came (timeout, refused address, connection error). */
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    responseExcerpt: text("response_excerpt").notNull().default(""),
    error: text("error"),
  },
  (table) => [index("channel_delivery_attempt_delivery_idx").on(table.deliveryId, table.attemptedAt)],
);
