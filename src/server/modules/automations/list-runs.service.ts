import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { type TListRunsResponse } from "../../../shared/automation-responses";
import { type ZListRunsQuery } from "../../../shared/automation-runs";
import { RUNS_PAGE_SIZE, type RunStatus } from "../../../shared/automations";
import { DAY_MS } from "../../../shared/days";
import { isUuid } from "../../../shared/uuid";
import { automation, automationRun, automationRunDaily } from "../../db/schema/automations";
import { notFound } from "../../lib/app-error";
import { inScope, type CompanyScope } from "../companies/companies.service";
import type { Database } from "../../db/client";
import type { z } from "zod";

const NO_AUTOMATION_IN_COMPANY = "There is no such automation in your company.";

/** One page of an automation's runs, newest first; the total comes from the daily rollup. */
export async function listRuns(
  db: Database,
  scope: CompanyScope,
  automationId: string,
  query: z.output<typeof ZListRunsQuery>,
): Promise<TListRunsResponse> {
  if (!isUuid(automationId)) throw notFound(NO_AUTOMATION_IN_COMPANY);
  const [owner] = await db
    .select({ id: automation.id })
    .from(automation)
    .where(and(eq(automation.id, automationId), inScope(automation.companyId, scope)));
  if (!owner) throw notFound(NO_AUTOMATION_IN_COMPANY);
  const r = automationRun;
  const conditions = and(
    eq(r.automationId, automationId),
    query.status ? eq(r.status, query.status) : undefined,
    query.from ? gte(r.startedAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(r.startedAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)) : undefined,
  );
  const rows = await db
    .select({
      id: r.id,
      externalId: r.externalId,
      status: r.status,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      itemsProcessed: r.itemsProcessed,
      minutesSaved: r.minutesSaved,
      errorMessage: r.errorMessage,
      runUrl: r.runUrl,
    })
    .from(r)
    .where(conditions)
    .orderBy(desc(r.startedAt), desc(r.id))
    .limit(RUNS_PAGE_SIZE)
    .offset((query.page - 1) * RUNS_PAGE_SIZE);

  const d = automationRunDaily;
  const counted: Record<RunStatus, SQL> = {
    success: sql`${d.success}`,
    failed: sql`${d.failed}`,
    running: sql`${d.running}`,
    skipped: sql`${d.skipped}`,
  };
  const [totals] = await db
    .select({
      total:
        sql<number>`coalesce(sum(${query.status ? counted[query.status] : sql`${d.success} + ${d.failed} + ${d.running} + ${d.skipped}`}), 0)`.mapWith(
          Number,
        ),
    })
    .from(d)
    .where(
      and(
        eq(d.automationId, automationId),
        query.from ? gte(d.day, query.from) : undefined,
        query.to ? sql`${d.day} <= ${query.to}` : undefined,
      ),
    );

  return {
    runs: rows.map((row) => ({
      ...row,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    })),
    page: query.page,
    pageSize: RUNS_PAGE_SIZE,
    total: totals?.total ?? 0,
  };
}
