import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { company } from "./companies";

/**
 * Staff's note for a company's monthly report ("What we did this month"): one per company and
 * month, written before the report is sent and shown on the page, the PDF and the mail.
 */
export const monthlyReportNote = pgTable(
  "monthly_report_note",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    /** The first day of the reported month, in the company's time zone. */
    month: date("month", { mode: "string" }).notNull(),
    body: text("body").notNull(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month] })],
);

/**
 * One row per company and month, inserted by the transaction that writes that month's report
 * mails: its primary key is the claim, so several instances send each report once.
 */
export const monthlyReportSending = pgTable(
  "monthly_report_sending",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    /** The first day of the reported month, in the company's time zone. */
    month: date("month", { mode: "string" }).notNull(),
    recipients: integer("recipients").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month] })],
);
