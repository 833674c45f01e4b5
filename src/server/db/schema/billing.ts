import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import {
  BILLING_INTERVALS,
  CHARGE_KINDS,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  LINE_KINDS,
  MRR_MOVEMENTS,
  SUBSCRIPTION_STATUSES,
  USAGE_METRICS,
} from "../../../shared/billing-labels";
import { company } from "./companies";
import { pricingPlan } from "./pricing";
import type { TLegalParty } from "../../../shared/billing";

/** A company's one subscription: its plan, status and current period (ADR 0016). */
export const subscription = pgTable(
  "subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .unique()
      .references(() => company.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => pricingPlan.id),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    interval: text("interval", { enum: BILLING_INTERVALS }).notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    /**
     * The day of the month (UTC) of the first paid period's start: each period ends on it, clamped
     * to a shorter month's last day, so 31 Jan → 28 Feb → 31 Mar. Null on older rows: their start's day.
     */
    anchorDay: smallint("anchor_day"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A downgrade the owner chose: applied when the current period ends. */
    scheduledPlanId: uuid("scheduled_plan_id").references(() => pricingPlan.id),
    provider: text("provider", { enum: ["manual", "stripe"] })
      .notNull()
      .default("manual"),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /** The time of the last Stripe event applied: an older one arriving late changes nothing. */
    stripeEventAt: timestamp("stripe_event_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("subscription_period_end_idx").on(table.status, table.currentPeriodEnd)],
);

/** The Stripe customer of a company: at most one, made under the company row's lock. */
export const billingCustomer = pgTable("billing_customer", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => company.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An invoice. Drafts have no number; a finalized one is never edited, only paid or voided. */
export const invoice = pgTable(
  "invoice",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    number: text("number").unique(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("draft"),
    currency: text("currency").notNull(),
    /** Set on the invoice of a subscription period: one invoice per company and period. */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    subtotalMinor: integer("subtotal_minor").notNull().default(0),
    /** Basis points: 2100 is 21 %. */
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    taxMinor: integer("tax_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull().default(0),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    paidAmountMinor: integer("paid_amount_minor"),
    paidOn: date("paid_on", { mode: "string" }),
    paymentReference: text("payment_reference"),
    voidReason: text("void_reason"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /** How many overdue reminders (3, 7, 14 days) went out. */
    remindersSent: integer("reminders_sent").notNull().default(0),
    stripeInvoiceId: text("stripe_invoice_id").unique(),
    /** An invoice, or a credit note that corrects one (its own number sequence, `CN-2026-0001`). */
    kind: text("kind", { enum: INVOICE_KINDS }).notNull().default("invoice"),
    correctsInvoiceId: uuid("corrects_invoice_id").references((): AnyPgColumn => invoice.id),
    /** Both parties' legal details as they were when it was finalized: an issued document never changes. */
    payee: jsonb("payee").$type<TLegalParty>(),
    payer: jsonb("payer").$type<TLegalParty>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("invoice_company_period_idx").on(table.companyId, table.periodStart),
    index("invoice_company_created_idx").on(table.companyId, table.createdAt),
    index("invoice_status_due_idx").on(table.status, table.dueAt),
    // The staff invoices list: newest first, all of them or one status (ADR 0035).
    index("invoice_created_idx").on(table.createdAt, table.id),
    index("invoice_status_created_idx").on(table.status, table.createdAt, table.id),
    // A company's status asks whether it has an open invoice past due: one probe per company (ADR 0035).
    index("invoice_open_company_due_idx")
      .on(table.companyId, table.dueAt)
      .where(sql`${table.status} = 'open'`),
  ],
);

export const invoiceLine = pgTable(
  "invoice_line",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoice.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LINE_KINDS }).notNull(),
    description: text("description").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    position: integer("position").notNull().default(0),
  },
  (table) => [index("invoice_line_invoice_idx").on(table.invoiceId, table.position)],
);

/** One row per year; locked by the finalization that takes the next number, so numbers never skip or repeat. */
export const invoiceNumberCounter = pgTable("invoice_number_counter", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/** One row per year for credit notes: a gapless sequence of their own, taken like invoice numbers. */
export const creditNoteNumberCounter = pgTable("credit_note_number_counter", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/** A client company's legal details for its invoices, edited by its owner and by staff. */
export const billingProfile = pgTable("billing_profile", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => company.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull(),
  /** Lines separated by newlines, as printed. */
  address: text("address").notNull(),
  vatNumber: text("vat_number"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Charges waiting for the company's next invoice: prorations, setup fees of approved proposals, one-offs. */
export const pendingCharge = pgTable(
  "pending_charge",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CHARGE_KINDS }).notNull(),
    description: text("description").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    /** What caused it, e.g. `proposal:<id>` or `plan-change:<subscription id>`. */
    source: text("source").notNull(),
    invoiceId: uuid("invoice_id").references(() => invoice.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("pending_charge_open_idx")
      .on(table.companyId)
      .where(sql`${table.invoiceId} is null`),
  ],
);

/** A usage warning (80 % or 100 % of a limit) sent for a period: at most one each. */
export const usageNotice = pgTable(
  "usage_notice",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    metric: text("metric", { enum: USAGE_METRICS }).notNull(),
    threshold: integer("threshold").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.periodStart, table.metric, table.threshold] })],
);

/** Stripe events already applied, by Stripe's id: a replay finds its row and changes nothing. */
export const billingWebhookEvent = pgTable("billing_webhook_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Each change of a company's monthly recurring revenue, as it happens: the month's new, expansion, contraction and churn. */
export const mrrMovement = pgTable(
  "mrr_movement",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MRR_MOVEMENTS }).notNull(),
    /** Change of MRR, in minor units of `currency`: positive for new and expansion, negative for contraction and churn. */
    deltaMinor: integer("delta_minor").notNull(),
    currency: text("currency").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("mrr_movement_at_idx").on(table.at)],
);
