import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The price list: the plans sold on the pricing page, which subscriptions refer to (billing reads the
 * same rows). Named "pricing" everywhere; "plan" alone is the automation plan (modules/plan).
 * Prices are integer minor units of `currency` (cents for EUR).
 */
export const pricingPlan = pgTable(
  "pricing_plan",
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
    /** Retainer hours (ADR 0033): minutes of agency time included each month. */
    includedMinutes: integer("included_minutes").notNull().default(0),
    /** What an hour beyond them costs, in minor units of `currency`. */
    overageRateMinor: integer("overage_rate_minor").notNull().default(0),
    /** Whether unused included time carries into the next period, up to `rolloverCapMinutes`. */
    hoursRollover: boolean("hours_rollover").notNull().default(false),
    rolloverCapMinutes: integer("rollover_cap_minutes").notNull().default(0),
    /** Whether time beyond the budget waits for the owner's approval before it is billed. */
    overageNeedsApproval: boolean("overage_needs_approval").notNull().default(false),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pricing_plan_active_sort_idx").on(table.active, table.sortOrder)],
);
