import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A client company. Its status is not stored: it follows its books and work (db/company-status.ts,
 * ADR 0031); the clients table reads it from the facts `company_standing` keeps (ADR 0035).
 */
export const company = pgTable(
  "company",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Value of one hour of the client's staff time, in minor units of `currency`. */
    hourlyValueMinor: integer("hourly_value_minor").notNull().default(5000),
    currency: text("currency").notNull().default("EUR"),
    /** IANA time zone: the company's days and months (rollups, charts, month figures, digest) follow it. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** The owner requires a second factor of every member: members without one reach only their account (ADR 0027). */
    requireSecondFactor: boolean("require_second_factor").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Serves the clients table sorted by name, both ways, with the id as tie-breaker.
    index("company_name_lower_idx").on(sql`lower(${table.name})`, table.id),
    // Serves the search by part of the name (ILIKE '%…%'); pg_trgm comes from migration 0023 (ADR 0035).
    index("company_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
  ],
);

export const companyMember = pgTable(
  "company_member",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "member"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    index("company_member_user_id_idx").on(table.userId),
  ],
);

/** An email invitation to join a company; the token is kept hashed and works once. */
export const companyInvitation = pgTable(
  "company_invitation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("company_invitation_company_idx").on(table.companyId),
    // The clients table's search by part of an invited address (ADR 0035).
    index("company_invitation_email_trgm_idx").using("gin", table.email.op("gin_trgm_ops")),
    // One pending invitation per address and company: inviting again renews it (invitations.service.ts).
    uniqueIndex("company_invitation_pending_email_idx")
      .on(table.companyId, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null`),
  ],
);

/**
 * The facts a company's status and open-ticket count follow (ADR 0031, 0035), kept by triggers
 * on subscription, invoice, automation and ticket in the transaction of every write that changes
 * them (migration 0029, hand-written: drizzle cannot declare triggers), so that the clients table
 * sorts and filters 10,000 companies by them without computing each. "Overdue" moves with the
 * clock, not with a write: the row keeps the earliest due date of an open invoice, and the
 * status is derived from it at the moment of the read (db/company-status.ts).
 */
export const companyStanding = pgTable(
  "company_standing",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => company.id, { onDelete: "cascade" }),
    /** Its subscription's status; null when it was never put on a plan. */
    subscriptionStatus: text("subscription_status"),
    /** The earliest due date of its open invoices: past due from then on. */
    openInvoiceDueAt: timestamp("open_invoice_due_at", { withTimezone: true }),
    automationsPaused: integer("automations_paused").notNull().default(0),
    /** Automations building or live. */
    automationsWorking: integer("automations_working").notNull().default(0),
    /** Tickets not resolved. */
    openTickets: integer("open_tickets").notNull().default(0),
    /**
     * Its first owner's name (or email, without a name), in lower case: the clients table's sort by
     * contact; null without an owner (that sort then takes the newest open invitation's address).
     */
    contactKey: text("contact_key"),
  },
  (table) => [index("company_standing_open_tickets_idx").on(table.openTickets, table.companyId)],
);

/**
 * The staff clients table's figures per company, rebuilt from the run rollups by a periodic job
 * so that a page sorts 10,000 companies without aggregating millions of runs per request.
 */
export const clientSummary = pgTable("client_summary", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => company.id, { onDelete: "cascade" }),
  automationsLive: integer("automations_live").notNull().default(0),
  automationsTotal: integer("automations_total").notNull().default(0),
  runs7d: integer("runs_7d").notNull().default(0),
  failed7d: integer("failed_7d").notNull().default(0),
  minutesSaved30d: bigint("minutes_saved_30d", { mode: "number" }).notNull().default(0),
  lastActivityAt: timestamp("last_activity_at", { withTimezone: true }),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Companies whose daily run rollup changed since the clients table's last refresh: every writer of
 * automation_run_daily adds a row in its own transaction, the refresh deletes what it reads and
 * recomputes only those companies' run figures (ADR 0035). Insert-only, so writers never wait on
 * each other or on the refresh; a row committed after the refresh read it stays for the next one.
 */
export const clientSummaryChange = pgTable("client_summary_change", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: uuid("company_id").notNull(),
});

/** The clients table refresh's own state: one row (id 1). */
export const clientSummaryState = pgTable("client_summary_state", {
  id: integer("id").primaryKey(),
  /** The last refresh of every company: the 7- and 30-day windows move with each company's day. */
  fullAt: timestamp("full_at", { withTimezone: true }).notNull(),
  /** The last refresh, full or incremental: what the clients table shows as "figures as of". */
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull(),
});
