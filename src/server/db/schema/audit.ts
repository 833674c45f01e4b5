import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * What staff (and client owners, for members and settings) changed: written in the same
 * transaction as the change, never edited or deleted (a trigger refuses both). No foreign keys:
 * the record outlives the accounts and companies it names.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    actorIp: text("actor_ip"),
    /** What was done, as `object.verb` (e.g. `company.status_changed`). */
    action: text("action").notNull(),
    /** The client company the change concerns, when there is one. */
    companyId: uuid("company_id"),
    objectType: text("object_type").notNull(),
    objectId: text("object_id"),
    /** One readable sentence for the log. */
    summary: text("summary").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_log_created_idx").on(table.createdAt, table.id),
    index("audit_log_company_created_idx").on(table.companyId, table.createdAt, table.id),
  ],
);
