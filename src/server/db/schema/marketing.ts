import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { LEAD_STATUSES } from "../../../shared/leads";
import { company } from "./companies";

/**
 * The plans sold on the pricing page; billing reads the same rows.
 * Prices are integer minor units of `currency` (cents for EUR).
 */
export const plan = pgTable(
  "plan",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** One sentence on who the plan is for. */
    summary: text("summary").notNull().default(""),
    monthlyPriceMinor: integer("monthly_price_minor").notNull(),
    yearlyPriceMinor: integer("yearly_price_minor").notNull(),
    currency: text("currency").notNull().default("EUR"),
    /** Automations we build and run on the plan at once. */
    includedAutomations: integer("included_automations").notNull(),
    /** Automation runs per month included in the price. */
    monthlyRunAllowance: integer("monthly_run_allowance").notNull(),
    /** Automation plan requests per month included; null when the plan does not limit them. */
    monthlyRequestAllowance: integer("monthly_request_allowance"),
    supportLevel: text("support_level").notNull(),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("plan_active_sort_idx").on(table.active, table.sortOrder)],
);

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
