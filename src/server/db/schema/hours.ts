import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  primaryKey,
} from "drizzle-orm/pg-core";
import { APPROVAL_STATES } from "../../../shared/hours-labels";
import { user } from "./auth";
import { invoice } from "./billing";

import { company } from "./companies";
import { planItem } from "./plan";
import { ticket } from "./support";

/** Staff's override of a company's retainer hours (ADR 0033): when present it replaces the plan's terms. */
export const hoursOverride = pgTable("hours_override", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => company.id, { onDelete: "cascade" }),
  includedMinutes: integer("included_minutes").notNull(),
  overageRateMinor: integer("overage_rate_minor").notNull(),
  hoursRollover: boolean("hours_rollover").notNull(),
  rolloverCapMinutes: integer("rollover_cap_minutes").notNull(),
  overageNeedsApproval: boolean("overage_needs_approval").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The close of one period's hours: written once, under a unique key, with the invoice of the period that follows. */
export const hoursSettlement = pgTable(
  "hours_settlement",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    includedMinutes: integer("included_minutes").notNull(),
    rolledInMinutes: integer("rolled_in_minutes").notNull(),
    usedMinutes: integer("used_minutes").notNull(),
    overageMinutes: integer("overage_minutes").notNull(),
    rateMinor: integer("rate_minor").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    rolloverOutMinutes: integer("rollover_out_minutes").notNull(),
    /** Stripe-paid: the overage goes to Stripe as an invoice item on the customer's next invoice. */
    sendToStripe: boolean("send_to_stripe").notNull().default(false),
    /** The Stripe invoice item made for it, once Stripe has answered (the send is keyed by company and period). */
    stripeInvoiceItemId: text("stripe_invoice_item_id"),
    /**
     * The Stripe subscription ended with this period, so no renewal invoice would carry the item:
     * the job invoices it at once, collected as the subscription was (null: an ordinary renewal).
     */
    stripeEndCollection: text("stripe_end_collection", { enum: ["charge_automatically", "send_invoice"] }),
    /** For `send_invoice`: the days the client has to pay that one-off invoice (the subscription's). */
    stripeDaysUntilDue: integer("stripe_days_until_due"),
    /** The one-off Stripe invoice made for the item of an ended subscription (keyed by company and period). */
    stripeInvoiceId: text("stripe_invoice_id"),
    /** The card invoice of ours that carried that item, once Stripe says it was paid. */
    invoiceId: uuid("invoice_id").references(() => invoice.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("hours_settlement_company_period_idx").on(table.companyId, table.periodStart)],
);

/** Agency time spent for a client: on a ticket, a plan item, or the company in general. */
export const timeEntry = pgTable(
  "time_entry",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id").references(() => ticket.id, { onDelete: "set null" }),
    planItemId: uuid("plan_item_id").references(() => planItem.id, { onDelete: "set null" }),
    /** The day in the company's time zone. */
    day: date("day", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull(),
    /** What the client reads. */
    description: text("description").notNull(),
    /** For staff only: never sent to a client. */
    internalNote: text("internal_note"),
    billable: boolean("billable").notNull().default(true),
    /** Who did the work. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The part of the entry beyond the budget when it was logged, on a plan that needs approval. */
    extraMinutes: integer("extra_minutes").notNull().default(0),
    approval: text("approval", { enum: APPROVAL_STATES }),
    /** The settlement that billed its period: set, the entry is locked. */
    settlementId: uuid("settlement_id").references(() => hoursSettlement.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("time_entry_company_day_idx").on(table.companyId, table.day),
    index("time_entry_settlement_idx").on(table.settlementId),
  ],
);

/** A staff member's running timer: one at most, kept on the server so that it survives a reload. */
export const runningTimer = pgTable("running_timer", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  companyId: uuid("company_id")
    .notNull()
    .references(() => company.id, { onDelete: "cascade" }),
  ticketId: uuid("ticket_id").references(() => ticket.id, { onDelete: "cascade" }),
  planItemId: uuid("plan_item_id").references(() => planItem.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
});

/** A mid-period plan change: the included hours before it, for the period's prorated budget (ADR 0033). */
export const hoursPlanChange = pgTable(
  "hours_plan_change",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    includedMinutesBefore: integer("included_minutes_before").notNull(),
  },
  (table) => [index("hours_plan_change_company_idx").on(table.companyId, table.at)],
);

/** An 80 % or 100 % hours warning sent for a period: at most one each, across instances. */
export const hoursNotice = pgTable(
  "hours_notice",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    threshold: integer("threshold").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.periodStart, table.threshold] })],
);
