import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SecurityEventType } from "../../../shared/security-posture";

/** What staff read on the admin dashboard: failed sign-ins, rate-limit hits, CSP reports… */
export const securityEvent = pgTable(
  "security_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").$type<SecurityEventType>().notNull(),
    message: text("message").notNull(),
    /** Who it concerns, when known (not a foreign key: the log outlives deleted accounts). */
    userId: text("user_id"),
    email: text("email"),
    ip: text("ip"),
    path: text("path"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** How many times this event happened from its source within its minute (a flood is one row). */
    count: integer("count").notNull().default(1),
    /** Names the event, its source and its minute; repeats add to `count` instead of adding rows. */
    aggregateKey: text("aggregate_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("security_event_created_idx").on(table.createdAt),
    index("security_event_type_created_idx").on(table.type, table.createdAt),
    // The log filtered to one person, by address or account id, newest first (ADR 0035).
    index("security_event_email_created_idx").on(sql`lower(${table.email})`, table.createdAt),
    index("security_event_user_created_idx").on(table.userId, table.createdAt),
    uniqueIndex("security_event_aggregate_key_idx").on(table.aggregateKey),
  ],
);
