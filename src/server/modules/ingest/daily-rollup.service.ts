import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import { automationRun, automationRunDaily } from "../../db/schema/automations";
import { clientSummaryChange, company } from "../../db/schema/companies";
import type { InsertedRun } from "./health-transitions";
import type { Database } from "../../db/client";

/** A day's row already there: the new counts add to it. */
const ADD_TO_EXISTING_DAY = sql`on conflict (automation_id, day) do update set
  success = ${automationRunDaily}.success + excluded.success,
  failed = ${automationRunDaily}.failed + excluded.failed,
  running = ${automationRunDaily}.running + excluded.running,
  skipped = ${automationRunDaily}.skipped + excluded.skipped,
  minutes_saved = ${automationRunDaily}.minutes_saved + excluded.minutes_saved,
  items_processed = ${automationRunDaily}.items_processed + excluded.items_processed`;

/** Counts the stored runs `where` selects into their company's local days. */
const countRunsByLocalDay = (where: SQL, onConflict: SQL = sql``) => {
  const r = automationRun;
  return sql`
    insert into ${automationRunDaily} (automation_id, company_id, day, success, failed, running, skipped, minutes_saved, items_processed)
    select ${r.automationId}, ${r.companyId}, (${r.startedAt} at time zone c.time_zone)::date,
      count(*) filter (where ${r.status} = 'success'),
      count(*) filter (where ${r.status} = 'failed'),
      count(*) filter (where ${r.status} = 'running'),
      count(*) filter (where ${r.status} = 'skipped'),
      coalesce(sum(${r.minutesSaved}), 0),
      coalesce(sum(${r.itemsProcessed}), 0)
    from ${r} join ${company} c on c.id = ${r.companyId} ${where}
    group by 1, 2, 3 ${onConflict}`;
};

/** A run the rollup counts: just stored final or running, or `finishing` (stored as running, now final). */
export type CountedRun = InsertedRun & { automationId: string; companyId: string; finishing?: boolean };

/**
 * Adds freshly counted runs, of any number of automations, to the per-day counters in the ingest
 * transaction, in one statement; `alsoWrite` (the group's health columns) is written by the same
 * statement, as a data-modifying CTE on rows the transaction has locked already. A run's day is its start's calendar day in its company's time
 * zone, read by this statement itself: it runs after the automations' locks, so a time zone
 * change (which takes the same locks) is either wholly before it or wholly after. A run
 * `finishing` moves from the running counter to its final one.
 */
export async function addToDailyRollup(tx: Pick<Database, "execute">, runs: CountedRun[], alsoWrite?: SQL) {
  const column = <T>(pick: (run: CountedRun) => T) => sql.param(runs.map(pick));
  const d = automationRunDaily;
  // The same statement tells the clients table's refresh which companies to recompute (ADR 0035).
  const companies = [...new Set(runs.map((run) => run.companyId))];
  await tx.execute(sql`
    with changed as (
      insert into ${clientSummaryChange} (company_id) select unnest(${sql.param(companies)}::uuid[])
    )${alsoWrite ? sql`, also_written as (${alsoWrite})` : sql``}
    insert into ${d} (automation_id, company_id, day, success, failed, running, skipped, minutes_saved, items_processed)
    select v.automation_id, v.company_id, (v.started_at at time zone c.time_zone)::date,
      count(*) filter (where v.status = 'success'),
      count(*) filter (where v.status = 'failed'),
      count(*) filter (where v.status = 'running') - count(*) filter (where v.finishing),
      count(*) filter (where v.status = 'skipped'),
      coalesce(sum(v.minutes_saved), 0),
      coalesce(sum(v.items_processed), 0)
    from unnest(${column((run) => run.automationId)}::uuid[], ${column((run) => run.companyId)}::uuid[],
      ${column((run) => run.startedAt.toISOString())}::timestamptz[], ${column((run) => run.status)}::text[],
      ${column((run) => run.finishing === true)}::boolean[], ${column((run) => run.minutesSaved)}::int[],
      ${column((run) => run.itemsProcessed)}::int[])
      as v(automation_id, company_id, started_at, status, finishing, minutes_saved, items_processed)
    join ${company} c on c.id = v.company_id
    group by 1, 2, 3
    order by 1, 3
    ${ADD_TO_EXISTING_DAY}`);
}

/**
 * Rebuilds the daily rollup from the runs themselves, in each company's time zone (after a bulk
 * import, or to check it): one INSERT … SELECT … GROUP BY, per company when given. Only for runs
 * none of which retention has deleted yet (imports, benchmarks): the days of deleted runs would
 * be lost. A time zone change uses `rezoneDailyRollup`.
 */
export async function rebuildDailyRollup(db: Database, companyId?: string): Promise<void> {
  const where = companyId ? sql`where ${automationRun.companyId} = ${companyId}` : sql``;
  await db.transaction(async (tx) => {
    await tx.delete(automationRunDaily).where(companyId ? eq(automationRunDaily.companyId, companyId) : undefined);
    await tx.execute(countRunsByLocalDay(where));
    await markChanged(tx, companyId);
  });
}

/**
 * After a company's time zone changed from `previousZone`: its runs of the days from `fromDay`
 * on (in the previous zone), which retention has not touched, are counted again in the new
 * zone's days; the days before keep their figures as they were (their runs may be deleted).
 * A run moved across `fromDay` by the change adds to the older day's row.
 */
export async function rezoneDailyRollup(
  db: Database,
  input: { companyId: string; previousZone: string; fromDay: string },
): Promise<void> {
  const { companyId, previousZone, fromDay } = input;
  const d = automationRunDaily;
  const r = automationRun;
  await db.delete(d).where(and(eq(d.companyId, companyId), gte(d.day, fromDay)));
  const where = sql`where ${r.companyId} = ${companyId}
    and ${r.startedAt} >= (${fromDay}::date::timestamp at time zone ${previousZone})`;
  await db.execute(countRunsByLocalDay(where, ADD_TO_EXISTING_DAY));
  await markChanged(db, companyId);
}

/** Tells the clients table's refresh that a company's rollup (or every company's) changed (ADR 0035). */
async function markChanged(db: Pick<Database, "execute">, companyId?: string) {
  const which = companyId ? sql`where ${company.id} = ${companyId}` : sql``;
  await db.execute(sql`insert into ${clientSummaryChange} (company_id) select ${company.id} from ${company} ${which}`);
}
