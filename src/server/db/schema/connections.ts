import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CONNECTION_HEALTHS, CONNECTION_PLATFORMS } from "../../../shared/connections-labels";
import { user } from "./auth";
import { automation } from "./automations";
import { company } from "./companies";

/**
 * A client company's automation platform instance (the agency's n8n) the portal reads runs from.
 * The API key is sealed at rest (AES-256-GCM, `lib/secret-box.ts`); only its last 4 characters are shown.
 */
export const platformConnection = pgTable(
  "platform_connection",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => company.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: CONNECTION_PLATFORMS }).notNull(),
    name: text("name").notNull(),
    baseUrl: text("base_url").notNull(),
    apiKeySealed: text("api_key_sealed").notNull(),
    apiKeyLast4: text("api_key_last4").notNull(),
    health: text("health", { enum: CONNECTION_HEALTHS }).notNull().default("ok"),
    lastError: text("last_error"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** The first failed call of the current failing stretch; null while healthy. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** When staff were alerted about the current failing stretch (once per stretch). */
    failureAlertedAt: timestamp("failure_alerted_at", { withTimezone: true }),
    /** A sync pass holds the connection until then, so one instance syncs it at a time. */
    syncLeaseUntil: timestamp("sync_lease_until", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("platform_connection_company_idx").on(table.companyId)],
);

/** One workflow of a connection feeding one automation: each side linked at most once. */
export const workflowLink = pgTable(
  "workflow_link",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => platformConnection.id, { onDelete: "cascade" }),
    automationId: uuid("automation_id")
      .notNull()
      .references(() => automation.id, { onDelete: "cascade" }),
    workflowId: text("workflow_id").notNull(),
    workflowName: text("workflow_name").notNull(),
    /** The connector's own position in the workflow's executions; null until the 30-day backfill ran. */
    cursor: text("cursor"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    linkedBy: text("linked_by").references(() => user.id, { onDelete: "set null" }),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("workflow_link_automation_uq").on(table.automationId),
    uniqueIndex("workflow_link_workflow_uq").on(table.connectionId, table.workflowId),
  ],
);

/** A retry staff asked for: the failed run's execution and the one n8n started for it. */
export const executionRetry = pgTable(
  "execution_retry",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => workflowLink.id, { onDelete: "cascade" }),
    automationId: uuid("automation_id")
      .notNull()
      .references(() => automation.id, { onDelete: "cascade" }),
    retriedExecutionId: text("retried_execution_id").notNull(),
    newExecutionId: text("new_execution_id").notNull(),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("execution_retry_new_uq").on(table.automationId, table.newExecutionId)],
);
