import { sql } from "drizzle-orm";
import { automation } from "../../db/schema/automations";
import { clientSummary, company } from "../../db/schema/companies";
import { clientRunFiguresSubquery } from "../run-figures";
import type { ServiceContext } from "../../context/service-context";

/** The advisory lock key of the refresh (an arbitrary constant, unique in this code base). */
const REFRESH_LOCK = 7265110012;

/**
 * Recomputes every company's figures for the clients table in one INSERT … SELECT … ON CONFLICT:
 * automations live and in use (retired ones left out), finished and failed runs over the last
 * 7 days (today included, days in each company's time zone), minutes saved over the last 30,
 * and the last activity (the
 * latest run received, or the company's latest change). With several instances, the one that
 * holds the advisory lock refreshes and the others skip this round (answering false): the work
 * is done once, and nobody waits on it.
 */
export async function refreshClientSummaries(ctx: ServiceContext<null>): Promise<boolean> {
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  const a = automation;
  return ctx.transaction(async ({ db: tx }) => {
    const [lock] = await tx
      .select({ held: sql<boolean>`pg_try_advisory_xact_lock(${REFRESH_LOCK})` })
      .from(sql`(select 1) as one`);
    if (!lock?.held) return false;
    await tx.execute(sql`
    insert into ${clientSummary} (company_id, automations_live, automations_total, runs_7d, failed_7d,
      minutes_saved_30d, last_activity_at, refreshed_at)
    select c.id,
      coalesce(a.live, 0), coalesce(a.total, 0), coalesce(r.runs_7d, 0), coalesce(r.failed_7d, 0),
      coalesce(r.minutes_30d, 0), greatest(a.last_run_at, c.updated_at), ${at}
    from ${company} c
    left join (
      select ${a.companyId} as company_id,
        count(*) filter (where ${a.status} = 'live')::int as live,
        count(*) filter (where ${a.status} <> 'retired')::int as total,
        max(${a.lastRunAt}) as last_run_at
      from ${a} group by ${a.companyId}
    ) a on a.company_id = c.id
    left join (${clientRunFiguresSubquery(ctx.now)}) r on r.company_id = c.id
    order by c.id
    on conflict (company_id) do update set
      automations_live = excluded.automations_live,
      automations_total = excluded.automations_total,
      runs_7d = excluded.runs_7d,
      failed_7d = excluded.failed_7d,
      minutes_saved_30d = excluded.minutes_saved_30d,
      last_activity_at = excluded.last_activity_at,
      refreshed_at = excluded.refreshed_at`);
    return true;
  });
}
