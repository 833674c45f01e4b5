import { and, asc, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type TListRunsResponse } from "../../../shared/automations";
import { type ZListRunsQuery } from "../../../shared/automations";
import { RUNS_PAGE_SIZE, type RunStatus } from "../../../shared/automations";
import { addDays, startOfDay } from "../../../shared/days";
import { isUuid } from "../../../shared/uuid";
import { inScope } from "../../context/company-scope";
import { automation, automationRun } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { executionRetry } from "../../db/schema/connections";
import { notFound } from "../../lib/app-error";
import { decodeCursor, encodeCursor, exactTime, keysetCompare } from "../../lib/keyset-cursor";
import { countAutomationRuns } from "../run-figures";
import type { ServiceContext } from "../../context/service-context";
import type { z } from "zod";

export const NO_AUTOMATION_IN_COMPANY = "There is no such automation in your company.";
const START_OVER = "start from the newest runs";

/**
 * The automation if it is in the caller's scope, with its company's time zone (the days of its
 * runs' filters); 404 otherwise (also for a malformed id).
 */
export async function automationInScope(ctx: ServiceContext, automationId: string) {
  if (!isUuid(automationId)) throw notFound(NO_AUTOMATION_IN_COMPANY);
  const [owner] = await ctx.db
    .select({ id: automation.id, name: automation.name, timeZone: company.timeZone })
    .from(automation)
    .innerJoin(company, eq(company.id, automation.companyId))
    .where(and(eq(automation.id, automationId), inScope(automation.companyId, ctx.scope)));
  if (!owner) throw notFound(NO_AUTOMATION_IN_COMPANY);
  return owner;
}

/** The run row as the history shows it, with its exact start time for cursors. */
export const runColumns = {
  id: automationRun.id,
  externalId: automationRun.externalId,
  status: automationRun.status,
  startedAt: automationRun.startedAt,
  finishedAt: automationRun.finishedAt,
  itemsProcessed: automationRun.itemsProcessed,
  minutesSaved: automationRun.minutesSaved,
  errorMessage: automationRun.errorMessage,
  runUrl: automationRun.runUrl,
  time: exactTime(automationRun.startedAt),
};

/** Runs whose start falls on the days from…to (both included) in the company's time zone. */
export const runDays = (timeZone: string, from?: string, to?: string) =>
  and(
    from ? gte(automationRun.startedAt, startOfDay(from, timeZone)) : undefined,
    to ? lt(automationRun.startedAt, startOfDay(addDays(to, 1), timeZone)) : undefined,
  );

/** Which of these runs retried another, and which were retried (with the retry's status), from n8n's retries (ADR 0034). */
async function retriesOf(ctx: ServiceContext, automationId: string, externalIds: string[]) {
  const retryOf = new Map<string, string>();
  const retriedAs = new Map<string, { externalId: string; status: RunStatus | null }>();
  if (externalIds.length === 0) return { retryOf, retriedAs };
  const retry = alias(automationRun, "retry_run");
  const rows = await ctx.db
    .select({ from: executionRetry.retriedExecutionId, to: executionRetry.newExecutionId, status: retry.status })
    .from(executionRetry)
    .leftJoin(retry, and(eq(retry.automationId, automationId), eq(retry.externalId, executionRetry.newExecutionId)))
    .where(
      and(
        eq(executionRetry.automationId, automationId),
        or(
          inArray(executionRetry.retriedExecutionId, externalIds),
          inArray(executionRetry.newExecutionId, externalIds),
        ),
      ),
    )
    .orderBy(asc(executionRetry.requestedAt));
  for (const row of rows) {
    retryOf.set(row.to, row.from);
    retriedAs.set(row.from, { externalId: row.to, status: row.status });
  }
  return { retryOf, retriedAs };
}

/**
 * One page of an automation's runs, newest first, by keyset on (started_at, id) to the
 * microsecond: `before` a page's oldest run or `after` its newest, never an offset, so a page
 * deep in a year of runs costs what the first one does. The total comes from the daily rollup.
 */
export async function listRuns(
  ctx: ServiceContext,
  input: z.output<typeof ZListRunsQuery> & { id: string },
): Promise<TListRunsResponse> {
  const { id: automationId, ...query } = input;
  const { timeZone } = await automationInScope(ctx, automationId);
  const r = automationRun;
  const filter = and(eq(r.automationId, automationId), query.status ? eq(r.status, query.status) : undefined);
  const conditions = and(filter, runDays(timeZone, query.from, query.to));
  const page = (where: SQL | undefined, newestFirst: boolean) =>
    ctx.db
      .select(runColumns)
      .from(r)
      .where(where)
      .orderBy(...(newestFirst ? [desc(r.startedAt), desc(r.id)] : [asc(r.startedAt), asc(r.id)]))
      .limit(RUNS_PAGE_SIZE + 1);

  let rows: Awaited<ReturnType<typeof page>>;
  let hasOlder: boolean;
  let hasNewer: boolean;
  const after = query.after ? decodeCursor(query.after, START_OVER) : undefined;
  const newer = after ? await page(and(conditions, keysetCompare(r.startedAt, r.id, ">", after)), false) : [];
  if (after && newer.length > RUNS_PAGE_SIZE) {
    // Newer runs, read oldest first from the cursor up and turned round.
    rows = newer.slice(0, RUNS_PAGE_SIZE).reverse();
    hasNewer = true;
    hasOlder = true;
  } else if (after) {
    // Fewer than a page is newer than the cursor: that is the newest page.
    const newest = await page(conditions, true);
    rows = newest.slice(0, RUNS_PAGE_SIZE);
    hasNewer = false;
    hasOlder = newest.length > RUNS_PAGE_SIZE;
  } else {
    const before = query.before ? decodeCursor(query.before, START_OVER) : undefined;
    const older = await page(
      before ? and(conditions, keysetCompare(r.startedAt, r.id, "<", before)) : conditions,
      true,
    );
    rows = older.slice(0, RUNS_PAGE_SIZE);
    hasOlder = older.length > RUNS_PAGE_SIZE;
    hasNewer = Boolean(before);
  }

  // The total comes from the daily rollup (the days are the company's own).
  const total = await countAutomationRuns(ctx, { automationId, status: query.status, from: query.from, to: query.to });

  const first = rows[0];
  const last = rows.at(-1);
  const retries = await retriesOf(
    ctx,
    automationId,
    rows.map((row) => row.externalId),
  );
  return {
    runs: rows.map(({ time: _time, ...row }) => ({
      ...row,
      retryOf: retries.retryOf.get(row.externalId) ?? null,
      retriedAs: retries.retriedAs.get(row.externalId) ?? null,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    })),
    pageSize: RUNS_PAGE_SIZE,
    olderCursor: hasOlder && last ? encodeCursor({ time: last.time, id: last.id }) : null,
    newerCursor: hasNewer && first ? encodeCursor({ time: first.time, id: first.id }) : null,
    total,
  };
}
