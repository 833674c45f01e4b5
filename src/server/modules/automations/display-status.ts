import { and, eq, isNotNull, sql } from "drizzle-orm";
import { automation } from "../../db/schema/automations";
import type { DisplayStatus } from "../../../shared/automations";

/** A Live automation whose failures in a row reach its threshold: Failing. */
export const isFailing = and(
  eq(automation.status, "live"),
  sql`${automation.consecutiveFailures} >= ${automation.failureThreshold}`,
)!;

/** A Live automation without a run within its schedule, unless it is already Failing: Stale. */
export const isStale = and(
  eq(automation.status, "live"),
  isNotNull(automation.staleSince),
  sql`${automation.consecutiveFailures} < ${automation.failureThreshold}`,
)!;

/**
 * Live, unless its runs say Failing (N failures in a row) or Stale (no run within the schedule).
 * Building, Paused and Retired are shown as stored: only a Live automation is Failing or Stale.
 */
export const displayStatus = sql<DisplayStatus>`case
  when ${automation.status} = 'live' and ${automation.consecutiveFailures} >= ${automation.failureThreshold} then 'failing'
  when ${automation.status} = 'live' and ${automation.staleSince} is not null then 'stale'
  else ${automation.status} end`;
