import { sql } from "drizzle-orm";
import {
  bigint,
  date,
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
import { company } from "./companies";

export const AUTOMATION_PLATFORMS = ["n8n", "make", "zapier", "custom"] as const;
/** Retired: switched off for good; its keys are revoked and it no longer counts or alerts. */
export const AUTOMATION_STATUSES = ["building", "live", "paused", "retired"] as const;
export const RUN_STATUSES = ["success", "failed", "running", "skipped"] as const;

/** One automation the agency runs for a client company. Failing and Stale are derived, never stored as status. */
export const automation = pgTable(
  "automation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    purpose: text("purpose").notNull(),
    platform: text("platform", { enum: AUTOMATION_PLATFORMS }).notNull(),
    triggerDescription: text("trigger_description").notNull(),
    /** At least one run is expected every this many minutes; null: no schedule, never Stale. */
    expectedEveryMinutes: integer("expected_every_minutes"),
    minutesSavedPerRun: integer("minutes_saved_per_run").notNull(),
    status: text("status", { enum: AUTOMATION_STATUSES }).notNull().default("building"),
    /** Failures in a row that make it Failing and send one alert. */
    failureThreshold: integer("failure_threshold").notNull().default(3),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** The schedule's clock starts here when there is no run yet. */
    liveSince: timestamp("live_since", { withTimezone: true }),
    staleSince: timestamp("stale_since", { withTimezone: true }),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastRunStatus: text("last_run_status", { enum: RUN_STATUSES }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("automation_company_id_idx").on(table.companyId),
    // A company's status reads its automations' states from this index alone (db/company-status.ts, ADR 0035).
    index("automation_company_status_idx").on(table.companyId, table.status),
  ],
);

/** Ingest keys: only the sha256 of the key is kept; the key itself is shown once. */
export const ingestKey = pgTable(
  "ingest_key",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    automationId: uuid("automation_id")
      .notNull()
      .references(() => automation.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull().unique(),
    /** The first characters, so staff can tell keys apart. */
    prefix: text("prefix").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("ingest_key_automation_id_idx").on(table.automationId)],
);

export const automationRun = pgTable(
  "automation_run",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    automationId: uuid("automation_id")
      .notNull()
      .references(() => automation.id, { onDelete: "cascade" }),
    /** Copied from the automation so that company-wide reads need no join. */
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    status: text("status", { enum: RUN_STATUSES }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    itemsProcessed: integer("items_processed").notNull().default(0),
    /** Minutes this run saved (0 unless it succeeded). */
    minutesSaved: integer("minutes_saved").notNull().default(0),
    errorMessage: text("error_message"),
    runUrl: text("run_url"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("automation_run_external_id_uq").on(table.automationId, table.externalId),
    // Scanned backwards, serves the run history (newest first, id as tie-break) without a sort.
    index("automation_run_automation_started_idx").on(table.automationId, table.startedAt, table.id),
    index("automation_run_company_started_idx").on(table.companyId, table.startedAt),
    index("automation_run_started_idx").on(table.startedAt),
  ],
);

/** Per automation and UTC day, maintained in the same transaction as each ingest: every figure reads this. */
export const automationRunDaily = pgTable(
  "automation_run_daily",
  {
    automationId: uuid("automation_id")
      .notNull()
      .references(() => automation.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    success: integer("success").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    running: integer("running").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    minutesSaved: bigint("minutes_saved", { mode: "number" }).notNull().default(0),
    itemsProcessed: bigint("items_processed", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.automationId, table.day] }),
    // A company's days with the figures read from them (runs, failures, minutes): the clients
    // table's refresh and the dashboard read them from the index alone, not from one heap page per
    // row (ADR 0035). The counters as keys cost the ingest little: its updates were already
    // rarely HOT (7 % on the bench database), so each one already wrote a new entry here.
    index("automation_run_daily_company_day_figures_idx").on(
      table.companyId,
      table.day,
      table.success,
      table.failed,
      table.running,
      table.skipped,
      table.minutesSaved,
    ),
  ],
);

/**
 * A Failing or Stale episode. At most one open incident per automation and kind (partial unique
 * index), so of several server instances only one opens it and sends the alert; only one closes
 * it and sends the recovery notice.
 */
export const automationIncident = pgTable(
  "automation_incident",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    automationId: uuid("automation_id")
      .notNull()
      .references(() => automation.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["failing", "stale"] }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("automation_incident_open_uq")
      .on(table.automationId, table.kind)
      .where(sql`${table.resolvedAt} is null`),
    // The weekly digest counts a company's incidents by automation without reading the whole table.
    index("automation_incident_automation_opened_idx").on(table.automationId, table.openedAt),
  ],
);
