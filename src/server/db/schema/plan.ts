import { sql, type SQL } from "drizzle-orm";
import { bigserial, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { automation } from "./automations";
import { company } from "./companies";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export const PLAN_STATES = ["requested", "proposed", "approved", "building", "live", "declined", "retired"] as const;
export const PLAN_PRIORITIES = ["low", "normal", "high"] as const;
export const PLAN_SIDES = ["client", "staff"] as const;
const PLATFORMS = ["n8n", "make", "zapier", "custom"] as const;

/**
 * The staff plan queue's first sort key: what waits on the agency (0), work in progress (1), what
 * waits on the client (2), live (3), the rest (4). One expression for the query and its index.
 */
export const planQueueRank = (state: AnyPgColumn): SQL<number> => sql<number>`(case ${state}
    when 'requested' then 0 when 'approved' then 0 when 'building' then 1 when 'proposed' then 2
    when 'live' then 3 else 4 end)`;

/** One automation on a client's roadmap, from the client's request to a live (or retired) automation. */
export const planItem = pgTable(
  "plan_item",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    problem: text("problem").notNull(),
    triggerDescription: text("trigger_description").notNull(),
    systems: text("systems").notNull(),
    timesPerMonth: integer("times_per_month").notNull(),
    minutesEach: integer("minutes_each").notNull(),
    priority: text("priority", { enum: PLAN_PRIORITIES }).notNull().default("normal"),
    wishedDate: date("wished_date", { mode: "string" }),
    state: text("state", { enum: PLAN_STATES }).notNull().default("requested"),
    /** When the item entered its state: the queue sorts by how long it has waited. */
    stateChangedAt: timestamp("state_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The newest proposal's version (null before the first proposal). */
    proposalVersion: integer("proposal_version"),
    approvedVersion: integer("approved_version"),
    approvedBy: text("approved_by").references(() => user.id, { onDelete: "set null" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    retireReason: text("retire_reason"),
    automationId: uuid("automation_id").references(() => automation.id, { onDelete: "set null" }),
    /** The proposal version the "waiting on you" reminder was sent for: one reminder per version. */
    remindedVersion: integer("reminded_version"),
    /** The last comment notice mailed to each side (one mail per item and side per 5 minutes). */
    clientNoticeAt: timestamp("client_notice_at", { withTimezone: true }),
    staffNoticeAt: timestamp("staff_notice_at", { withTimezone: true }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("plan_item_company_idx").on(table.companyId, table.createdAt),
    index("plan_item_state_idx").on(table.state, table.stateChangedAt),
    // The staff plan queue, read in index order (the longest wait first within a rank).
    index("plan_item_queue_idx").on(planQueueRank(table.state), table.stateChangedAt, table.id),
    index("plan_item_automation_idx").on(table.automationId),
  ],
);

/** A proposal is never edited: a revision is a new version, and the client approves one version. */
export const planProposal = pgTable(
  "plan_proposal",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => planItem.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    scope: text("scope").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    hoursPerMonth: integer("hours_per_month").notNull(),
    /** Integer minor units of `currency` (the company's currency when proposed). */
    setupFeeMinor: integer("setup_fee_minor").notNull(),
    monthlyFeeChangeMinor: integer("monthly_fee_change_minor").notNull(),
    currency: text("currency").notNull(),
    targetDate: date("target_date", { mode: "string" }),
    /** When billing turned the approved setup fee into an invoice line (set by billing). */
    setupFeeBilledAt: timestamp("setup_fee_billed_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("plan_proposal_version_uq").on(table.itemId, table.version)],
);

export const planComment = pgTable(
  "plan_comment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => planItem.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    side: text("side", { enum: PLAN_SIDES }).notNull(),
    body: text("body").notNull(),
    /** When the other side was mailed about it (null: not yet). */
    noticedAt: timestamp("noticed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("plan_comment_item_idx").on(table.itemId, table.createdAt)],
);

/** Every change to an item, appended and never edited (a trigger refuses updates and direct deletes). */
export const planHistory = pgTable(
  "plan_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Orders entries written in the same instant (one change often writes several). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => planItem.id, { onDelete: "cascade" }),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    side: text("side", { enum: PLAN_SIDES }).notNull(),
    /** What changed: state, proposal, priority, wished date, automation. */
    field: text("field").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    comment: text("comment"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("plan_history_item_idx").on(table.itemId, table.at)],
);
