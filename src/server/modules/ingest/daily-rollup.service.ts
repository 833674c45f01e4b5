import { eq, sql } from "drizzle-orm";
import { dayOf } from "../../../shared/days";
import { automationRun, automationRunDaily } from "../../db/schema/automations";
import type { InsertedRun } from "./health-transitions";
import type { Database } from "../../db/client";

/**
 * Adds freshly stored runs to the per-day counters, in the ingest transaction. A run `finishing`
 * (stored as running, now final) moves from the running counter to its final one.
 */
export async function addToDailyRollup(
  tx: Pick<Database, "insert">,
  automationId: string,
  companyId: string,
  runs: (InsertedRun & { finishing?: boolean })[],
) {
  const byDay = new Map<
    string,
    { success: number; failed: number; running: number; skipped: number; minutesSaved: number; itemsProcessed: number }
  >();
  for (const run of runs) {
    const day = dayOf(run.startedAt);
    const entry = byDay.get(day) ?? {
      success: 0,
      failed: 0,
      running: 0,
      skipped: 0,
      minutesSaved: 0,
      itemsProcessed: 0,
    };
    entry[run.status] += 1;
    if (run.finishing) entry.running -= 1;
    entry.minutesSaved += run.minutesSaved;
    entry.itemsProcessed += run.itemsProcessed;
    byDay.set(day, entry);
  }
  const rows = [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, counts]) => ({ automationId, companyId, day, ...counts }));
  const d = automationRunDaily;
  await tx
    .insert(d)
    .values(rows)
    .onConflictDoUpdate({
      target: [d.automationId, d.day],
      set: {
        success: sql`${d.success} + excluded.success`,
        failed: sql`${d.failed} + excluded.failed`,
        running: sql`${d.running} + excluded.running`,
        skipped: sql`${d.skipped} + excluded.skipped`,
        minutesSaved: sql`${d.minutesSaved} + excluded.minutes_saved`,
        itemsProcessed: sql`${d.itemsProcessed} + excluded.items_processed`,
      },
    });
}

/**
 * Rebuilds the daily rollup from the runs themselves (after a bulk import, or to check
 * it): one INSERT … SELECT … GROUP BY, per company when given.
 */
export async function rebuildDailyRollup(db: Database, companyId?: string): Promise<void> {
  const where = companyId ? sql`where ${automationRun.companyId} = ${companyId}` : sql``;
  await db.transaction(async (tx) => {
    await tx.delete(automationRunDaily).where(companyId ? eq(automationRunDaily.companyId, companyId) : undefined);
    await tx.execute(sql`
      insert into ${automationRunDaily} (automation_id, company_id, day, success, failed, running, skipped, minutes_saved, items_processed)
      select ${automationRun.automationId}, ${automationRun.companyId}, (${automationRun.startedAt} at time zone 'UTC')::date,
        count(*) filter (where ${automationRun.status} = 'success'),
        count(*) filter (where ${automationRun.status} = 'failed'),
        count(*) filter (where ${automationRun.status} = 'running'),
        count(*) filter (where ${automationRun.status} = 'skipped'),
        coalesce(sum(${automationRun.minutesSaved}), 0),
        coalesce(sum(${automationRun.itemsProcessed}), 0)
      from ${automationRun} ${where}
      group by 1, 2, 3`);
  });
}
