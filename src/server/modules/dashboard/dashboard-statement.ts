import { sql, type SQL } from "drizzle-orm";
import { executePrepared } from "../../db/prepared-statement";
import { automation, automationIncident, automationRun } from "../../db/schema/automations";
import { company, companyMember } from "../../db/schema/companies";
import { planItem } from "../../db/schema/plan";
import { displayStatus } from "../automations";
import { monthlyCostFrom, monthlyCostJson, unpaidInvoicesFrom, unpaidInvoicesJson } from "../billing";
import { monthFiguresFrom, monthFiguresJson, runsByDayFrom, runsByDayJson } from "../run-figures";
import { ticketsWaitingFrom, ticketsWaitingJson } from "../support";
import type { DashboardReads } from "./dashboard-reads";
import type { ActorContext } from "../../context/service-context";

const a = automation;
const date = (value: string | null) => (value === null ? null : new Date(value));

/** The company's automations counted, and those failing or stale with the open failing incident's start. */
const automationsJson = (id: SQL) => sql`json_build_object(
    'counts', (select json_build_object('total', count(*) filter (where ${a.status} <> 'retired'),
        'live', count(*) filter (where ${a.status} = 'live'))
      from ${a} where ${a.companyId} = ${id}),
    'troubled', (select coalesce(json_agg(json_build_object('id', ${a.id}, 'name', ${a.name}, 'status', ${displayStatus},
        'failures', ${a.consecutiveFailures}, 'staleSince', ${a.staleSince}, 'lastRunAt', ${a.lastRunAt},
        'every', ${a.expectedEveryMinutes}, 'openedAt', ${automationIncident.openedAt}) order by ${a.name}), '[]')
      from ${a} left join ${automationIncident} on ${automationIncident.automationId} = ${a.id}
        and ${automationIncident.kind} = 'failing' and ${automationIncident.resolvedAt} is null
      where ${a.companyId} = ${id} and ${displayStatus} in ('failing', 'stale')))`;

/** The newest runs from the (company_id, started_at desc) index, and the proposals awaiting the client. */
const recentJson = (id: SQL) => sql`(select coalesce(json_agg(json_build_object('runId', r.id,
      'automationId', r.automation_id, 'automationName', (select ${a.name} from ${a} where ${a.id} = r.automation_id),
      'status', r.status, 'startedAt', r.started_at, 'errorMessage', r.error_message) order by r.n), '[]')
    from (select ${automationRun.id} as id, ${automationRun.automationId} as automation_id, ${automationRun.status} as status,
        ${automationRun.startedAt} as started_at, ${automationRun.errorMessage} as error_message,
        row_number() over (order by ${automationRun.startedAt} desc) as n
      from ${automationRun} where ${automationRun.companyId} = ${id}
      order by ${automationRun.startedAt} desc limit 8) r)`;

const proposalsJson = (id: SQL) => sql`(select coalesce(json_agg(json_build_object('itemId', p.id, 'title', p.title,
      'version', p.version, 'since', p.since) order by p.n), '[]')
    from (select ${planItem.id} as id, ${planItem.title} as title, ${planItem.proposalVersion} as version,
        ${planItem.stateChangedAt} as since, row_number() over (order by ${planItem.stateChangedAt} asc) as n
      from ${planItem} where ${planItem.companyId} = ${id} and ${planItem.state} = 'proposed'
      order by ${planItem.stateChangedAt} asc limit 10) p)`;

interface Row {
  company: NonNullable<DashboardReads["scoped"]>["company"];
  role: "owner" | "member" | null;
  figures: unknown;
  by_day: unknown;
  work: {
    counts: { total: number; live: number };
    troubled: (Omit<DashboardReads["troubled"][number], "staleSince" | "lastRunAt" | "openedAt"> & {
      staleSince: string | null;
      lastRunAt: string | null;
      openedAt: string | null;
    })[];
  };
  recent: (Omit<DashboardReads["recent"][number], "startedAt"> & { startedAt: string })[];
  proposals: { itemId: string; title: string; version: number | null; since: string }[];
  cost: unknown;
  waiting: unknown;
  unpaid: unknown;
}

/**
 * Everything the dashboard of one company reads, in one statement (one round trip, ADR 0035): the
 * company's days (this month, the same days of last month, the 30-day chart) are computed from its
 * time zone inside the statement, each block is one JSON value read by the module that owns it.
 * Undefined when the company does not exist (any more).
 */
export async function readDashboardAtOnce(ctx: ActorContext, companyId: string): Promise<DashboardReads | undefined> {
  const id = sql`co.id`;
  // The company's days, computed once (a materialized CTE: inlined, each row of the rollup would
  // convert the clock to the time zone again for every comparison).
  // Prepared once on the embedded database, whose planner (WebAssembly) took longer than the run.
  const result = await executePrepared(
    ctx.db,
    sql`
    with co as materialized (
      select x.*, date_trunc('month', x.today)::date as month_start,
        (date_trunc('month', x.today) - interval '1 month')::date as last_month_start,
        (x.today - interval '1 month')::date as last_month_to, x.today - 29 as chart_from,
        (date_trunc('month', x.today)::timestamp at time zone x.time_zone) as month_began
      from (select ${company.id} as id, ${company.name} as name, ${company.hourlyValueMinor} as hourly_value_minor,
          ${company.currency} as currency, ${company.timeZone} as time_zone,
          (${ctx.now.toISOString()}::timestamptz at time zone ${company.timeZone})::date as today
        from ${company} where ${company.id} = ${companyId}) x
    )
    select json_build_object('id', co.id, 'name', co.name, 'hourlyValueMinor', co.hourly_value_minor,
        'currency', co.currency, 'timeZone', co.time_zone) as company, m.role,
      ${monthFiguresJson(id, { monthStart: sql`co.month_start`, lastMonthStart: sql`co.last_month_start`, lastMonthTo: sql`co.last_month_to` })} as figures,
      ${runsByDayJson(id, sql`co.chart_from`)} as by_day,
      ${automationsJson(id)} as work,
      ${recentJson(id)} as recent,
      ${proposalsJson(id)} as proposals,
      ${monthlyCostJson(id, sql`co.month_began`)} as cost,
      ${ticketsWaitingJson(id)} as waiting,
      ${unpaidInvoicesJson(id)} as unpaid
    from co left join ${companyMember} m on m.company_id = co.id and m.user_id = ${ctx.actor.id}`,
  );
  const [row] = (result as unknown as { rows: Row[] }).rows;
  if (!row) return undefined;
  const { work } = row;
  return {
    scoped: { company: row.company, role: row.role },
    figures: monthFiguresFrom(row.figures),
    byDay: runsByDayFrom(row.by_day),
    automations: work.counts,
    troubled: work.troubled.map((t) => ({
      ...t,
      staleSince: date(t.staleSince),
      lastRunAt: date(t.lastRunAt),
      openedAt: date(t.openedAt),
    })),
    recent: row.recent.map((r) => ({ ...r, startedAt: new Date(r.startedAt) })),
    awaiting: row.proposals.map((p) => ({ ...p, since: new Date(p.since) })),
    cost: monthlyCostFrom(row.cost),
    ticketsWaiting: ticketsWaitingFrom(row.waiting),
    invoicesUnpaid: unpaidInvoicesFrom(row.unpaid, ctx.now),
  };
}
