import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { LEAD_STATUSES } from "../../../shared/leads";
import { company } from "./companies";

export { LEAD_STATUSES };

/** A message sent through the contact form, for staff to follow up. */
export const contactLead = pgTable(
  "contact_lead",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    website: text("website"),
    message: text("message").notNull(),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
    /** Staff's notes on the follow-up. */
    notes: text("notes").notNull().default(""),
    /** The client company made from this lead by "convert to client". */
    convertedCompanyId: uuid("converted_company_id").references(() => company.id, { onDelete: "set null" }),
    /** The sender's address, as used for the rate limit. */
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("contact_lead_created_at_idx").on(table.createdAt),
    index("contact_lead_status_idx").on(table.status),
  ],
);
