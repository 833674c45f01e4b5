import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { automation } from "../../db/schema/automations";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";

/**
 * Marks Stale every Live automation with a schedule that has had no run within it
 * (counted from its last run, or from when it went live). One UPDATE: safe to run on
 * several instances at once. Returns the ids newly marked.
 */
export async function detectStale(db: Database, now = new Date()): Promise<string[]> {
  const rows = await db
    .update(automation)
    .set({ staleSince: now })
    .where(
      and(
        eq(automation.status, "live"),
        isNotNull(automation.expectedEveryMinutes),
        isNull(automation.staleSince),
        sql`coalesce(${automation.lastRunAt}, ${automation.liveSince}, ${automation.createdAt}) < ${now.toISOString()}::timestamptz - make_interval(mins => ${automation.expectedEveryMinutes})`,
      ),
    )
    .returning({ id: automation.id });
  return rows.map((row) => row.id);
}

export interface HealthMonitor {
  stop: () => Promise<void>;
}

/** Runs the stale check every `intervalMs` in the background; the timer never keeps the process alive. */
export function startHealthMonitor(options: {
  db: Database;
  log: Logger;
  intervalMs?: number;
  now?: () => Date;
}): HealthMonitor {
  const { db, log, intervalMs = 60_000, now = () => new Date() } = options;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = detectStale(db, now())
      .then((ids) => {
        if (ids.length > 0) log.info("automations became stale", { count: ids.length });
      })
      .catch((error: unknown) => {
        if (!stopped) log.error("stale automation check failed", { err: error });
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
