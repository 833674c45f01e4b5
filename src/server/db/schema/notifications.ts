import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ALERT_LEVELS } from "../../../shared/notifications";
import { user } from "./auth";
import { company } from "./companies";

/** A person's email choices; no row means the defaults (every alert, the weekly digest and the monthly report on). */
export const notificationPreference = pgTable("notification_preference", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  alerts: text("alerts", { enum: ALERT_LEVELS }).notNull().default("all"),
  weeklyDigest: boolean("weekly_digest").notNull().default(true),
  monthlyReport: boolean("monthly_report").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per company and digest week, inserted by the transaction that writes that week's
 * digest mails: its primary key is the claim, so several instances send each digest once.
 */
export const weeklyDigest = pgTable(
  "weekly_digest",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    /** The Monday the reported week starts on, in the company's time zone. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    recipients: integer("recipients").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.weekStart] })],
);
