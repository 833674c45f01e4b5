import { asc, count, eq, sql } from "drizzle-orm";
import { ATTENTION_PAGE_SIZE, type AttentionKind, type TListAttentionAutomationsResponse } from "../../../shared/admin";
import { automation, automationIncident, automationRun } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { isFailing, isStale } from "../automations";
import type { ServiceContext } from "../../context/service-context";

/** Across clients: the automations that are Failing, or Stale, with what staff need to act on each. */
export async function listAttentionAutomations(
  { db }: ServiceContext,
  query: { kind: AttentionKind; page: number },
): Promise<TListAttentionAutomationsResponse> {
  const failing = query.kind === "failing";
  const condition = failing ? isFailing : isStale;
  // Failing: since its open incident; the latest failed run's error, read backwards on the run index.
  const openedAt = sql<Date | null>`(select ${automationIncident.openedAt} from ${automationIncident}
    where ${automationIncident.automationId} = ${automation.id} and ${automationIncident.kind} = 'failing'
    and ${automationIncident.resolvedAt} is null limit 1)`;
  const lastError = sql<string | null>`(select ${automationRun.errorMessage} from ${automationRun}
    where ${automationRun.automationId} = ${automation.id} and ${automationRun.status} = 'failed'
    order by ${automationRun.startedAt} desc, ${automationRun.id} desc limit 1)`;
  const since = failing ? openedAt : sql<Date | null>`${automation.staleSince}`;

  const rows = await db
    .select({
      companyId: company.id,
      companyName: company.name,
      id: automation.id,
      name: automation.name,
      since: since.mapWith((value: Date | string | null) => (value === null ? null : new Date(value))),
      lastError: failing ? lastError : sql<string | null>`null`,
      lastRunAt: automation.lastRunAt,
      consecutiveFailures: automation.consecutiveFailures,
      expectedEveryMinutes: automation.expectedEveryMinutes,
    })
    .from(automation)
    .innerJoin(company, eq(company.id, automation.companyId))
    .where(condition)
    .orderBy(sql`${since} desc nulls last`, asc(company.name), asc(automation.id))
    .limit(ATTENTION_PAGE_SIZE)
    .offset((query.page - 1) * ATTENTION_PAGE_SIZE);
  const [total] = await db.select({ total: count() }).from(automation).where(condition);

  return {
    kind: query.kind,
    automations: rows.map((row) => ({
      company: { id: row.companyId, name: row.companyName },
      automation: { id: row.id, name: row.name },
      since: row.since?.toISOString() ?? null,
      lastError: row.lastError,
      lastRunAt: row.lastRunAt?.toISOString() ?? null,
      consecutiveFailures: row.consecutiveFailures,
      expectedEveryMinutes: row.expectedEveryMinutes,
    })),
    page: query.page,
    pageSize: ATTENTION_PAGE_SIZE,
    total: total?.total ?? 0,
  };
}
