import { sql, type SQL } from "drizzle-orm";
import { automation } from "../../db/schema/automations";
import { clientSummary, clientSummaryChange, clientSummaryState, company } from "../../db/schema/companies";
import { clientRunFiguresOf, clientRunFiguresSubquery } from "../run-figures";
import type { ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";

/** The advisory lock key of the refresh (an arbitrary constant, unique in this code base). */
const REFRESH_LOCK = 7265110012;

const a = automation;

/** Each company's automations live and in use (retired ones left out) and its last activity. */
const workOfEveryCompany = sql`
  select c.id, c.time_zone, coalesce(a.live, 0) as live, coalesce(a.total, 0) as total,
    greatest(a.last_run_at, c.updated_at) as last_activity_at
  from ${company} c
  left join (
    select ${a.companyId} as company_id,
      count(*) filter (where ${a.status} = 'live')::int as live,
      count(*) filter (where ${a.status} <> 'retired')::int as total,
      max(${a.lastRunAt}) as last_run_at
    from ${a} group by ${a.companyId}
  ) a on a.company_id = c.id`;

/** Writes the figures of the companies `t` of `targets` (columns of `workOfEveryCompany`), run figures `r` from `runs`. */
const upsertSummaries = (targets: SQL, runs: SQL, at: SQL) => sql`
  insert into ${clientSummary} (company_id, automations_live, automations_total, runs_7d, failed_7d,
    minutes_saved_30d, last_activity_at, refreshed_at)
  select t.id, t.live, t.total, coalesce(r.runs_7d, 0), coalesce(r.failed_7d, 0), coalesce(r.minutes_30d, 0),
    t.last_activity_at, ${at}
  from ${targets} ${runs}
  order by t.id
  on conflict (company_id) do update set
    automations_live = excluded.automations_live,
    automations_total = excluded.automations_total,
    runs_7d = excluded.runs_7d,
    failed_7d = excluded.failed_7d,
    minutes_saved_30d = excluded.minutes_saved_30d,
    last_activity_at = excluded.last_activity_at,
    refreshed_at = excluded.refreshed_at`;

/** Every company, every figure. */
async function refreshEveryCompany(tx: Database, now: Date, at: SQL) {
  await tx.delete(clientSummaryChange);
  const runs = sql`left join (${clientRunFiguresSubquery(now)}) r on r.company_id = t.id`;
  await tx.execute(upsertSummaries(sql`(${workOfEveryCompany}) t`, runs, at));
}

/**
 * Only the companies whose figures can have changed: those whose rollup a writer marked (their
 * marks are consumed by this statement), those without a row yet, and those whose automations
 * or last activity differ from their row (read from the automations, cheap, for every company).
 * Their run figures come from one index range each (LATERAL), not from the whole rollup.
 */
async function refreshChangedCompanies(tx: Database, now: Date, at: SQL) {
  const s = clientSummary;
  // The planner cannot know how few companies are marked and estimates all of them: above its JIT
  // threshold it would spend ~20 ms compiling a statement that runs in a few (ADR 0035).
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`
    with marked as (delete from ${clientSummaryChange} returning company_id),
    targets as materialized (
      select w.* from (${workOfEveryCompany}) w left join ${s} on ${s.companyId} = w.id
      where ${s.companyId} is null or ${s.automationsLive} <> w.live or ${s.automationsTotal} <> w.total
        or ${s.lastActivityAt} is distinct from w.last_activity_at or w.id in (select company_id from marked)
    )
    ${upsertSummaries(sql`targets t`, sql`cross join lateral (${clientRunFiguresOf(now, sql`t.id`, sql`t.time_zone`)}) r`, at)}`);
}

/**
 * Whether a full refresh is due: none yet, or some company's day (in its time zone) is not the
 * day of the last full one, so its 7- and 30-day windows have moved.
 */
async function fullRefreshDue(tx: Database, now: Date): Promise<boolean> {
  const [state] = await tx
    .select()
    .from(clientSummaryState)
    .where(sql`${clientSummaryState.id} = 1`);
  if (!state) return true;
  const [moved] = await tx
    .execute<{ moved: boolean }>(
      sql`
    select exists (select 1 from (select distinct ${company.timeZone} as zone from ${company}) z
      where (${now.toISOString()}::timestamptz at time zone z.zone)::date
        <> (${state.fullAt.toISOString()}::timestamptz at time zone z.zone)::date) as moved`,
    )
    .then((result) => (result as unknown as { rows: { moved: boolean }[] }).rows);
  return moved?.moved ?? true;
}

/**
 * Refreshes the clients table's figures: automations live and in use (retired ones left out),
 * finished and failed runs over the last 7 days (today included, days in each company's time
 * zone), minutes saved over the last 30, and the last activity (the latest run received, or the
 * company's latest change). Incremental (ADR 0035): only companies that changed since the last
 * refresh are recomputed, unless a day has turned somewhere (then every company, as `full` asks).
 * With several instances, the one that holds the advisory lock refreshes and the others skip this
 * round (answering false): the work is done once, and nobody waits on it.
 */
export async function refreshClientSummaries(
  ctx: ServiceContext<null>,
  options: { full?: boolean } = {},
): Promise<boolean> {
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  return ctx.transaction(async ({ db: tx }) => {
    const [lock] = await tx
      .select({ held: sql<boolean>`pg_try_advisory_xact_lock(${REFRESH_LOCK})` })
      .from(sql`(select 1) as one`);
    if (!lock?.held) return false;
    const full = options.full || (await fullRefreshDue(tx, ctx.now));
    if (full) await refreshEveryCompany(tx, ctx.now, at);
    else await refreshChangedCompanies(tx, ctx.now, at);
    const fullAt = full ? ctx.now : sql`${clientSummaryState.fullAt}`;
    await tx
      .insert(clientSummaryState)
      .values({ id: 1, fullAt: ctx.now, refreshedAt: ctx.now })
      .onConflictDoUpdate({ target: clientSummaryState.id, set: { fullAt, refreshedAt: ctx.now } });
    return true;
  });
}
