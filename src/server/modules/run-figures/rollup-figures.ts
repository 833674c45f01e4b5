import { sql, type SQL } from "drizzle-orm";
import { automationRunDaily } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import type { RunStatus } from "../../../shared/automations";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// The SQL pieces every read of the daily rollup is written with: what a "run" and a "rate" are,
// in one place. The rollup is written by ingest (ingest/daily-rollup.service.ts) only.

/** The daily rollup: per automation and day (in its company's time zone), its runs by status and minutes saved. */
export const rollup = automationRunDaily;

const d = automationRunDaily;

/** Every run of a rollup row, whatever its status: success + failed + running + skipped. */
export const totalRuns = sql`${d.success} + ${d.failed} + ${d.running} + ${d.skipped}`;

/** The runs of a rollup row that finished with a result that counts for a rate: success + failed. */
export const finishedRuns = sql`${d.success} + ${d.failed}`;

/** The counter of one status, as the run history's filters name it. */
export const runsOfStatus: Record<RunStatus, SQL> = {
  success: sql`${d.success}`,
  failed: sql`${d.failed}`,
  running: sql`${d.running}`,
  skipped: sql`${d.skipped}`,
};

/** A rollup row's minutes saved valued at its company's hourly rate, in minor units (join `company`). */
export const minutesValueMinor = sql`${d.minutesSaved}::numeric * ${company.hourlyValueMinor} / 60`;

/** `sum(expr) filter (where condition)`: null when no row matches. */
export const sumWhere = (expr: SQL | AnyPgColumn, condition: SQL) => sql`sum(${expr}) filter (where ${condition})`;

/** `coalesce(sum(expr), 0)` as a number. */
export const sumOrZero = (expr: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);

/** `coalesce(sum(expr) filter (where condition), 0)` as a number. */
export const sumWhereOrZero = (expr: SQL | AnyPgColumn, condition: SQL) =>
  sql<number>`coalesce(sum(${expr}) filter (where ${condition}), 0)`.mapWith(Number);

/** Today in each row's company's time zone (join `company`), at the instant `now`. */
export const companyToday = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz at time zone ${company.timeZone})::date`;

/** Success over success and failed; null when neither happened (running and skipped runs do not count). */
export const successRate = (success: number, failed: number) =>
  success + failed === 0 ? null : success / (success + failed);

/** Minutes valued at an hourly rate, in minor units, rounded. */
export const moneySavedMinor = (minutes: number, hourlyValueMinor: number) =>
  Math.round((minutes * hourlyValueMinor) / 60);
