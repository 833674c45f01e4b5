import { sql } from "drizzle-orm";
import { automation } from "../../db/schema/automations";
import type { DisplayStatus } from "../../../shared/automations";

/**
 * Live, unless its runs say Failing (N failures in a row) or Stale (no run within the schedule).
 * Building, Paused and Retired are shown as stored: only a Live automation is Failing or Stale.
 */
export const displayStatus = sql<DisplayStatus>`case
  when ${automation.status} = 'live' and ${automation.consecutiveFailures} >= ${automation.failureThreshold} then 'failing'
  when ${automation.status} = 'live' and ${automation.staleSince} is not null then 'stale'
  else ${automation.status} end`;
