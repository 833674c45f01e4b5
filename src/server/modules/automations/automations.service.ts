import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type {
  AutomationDetail,
  AutomationSummary,
  DisplayStatus,
  RunStatus,
  TListRunsResponse,
  zCreateAutomationRequest,
  zListRunsQuery,
  zUpdateAutomationRequest,
} from "../../../shared/automations";
import { RUNS_PAGE_SIZE } from "../../../shared/automations";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { automation, automationRun, automationRunDaily, ingestKey, runProblemReport } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { enqueueMail } from "../../mail/outbox";
import { runProblemReportedMail } from "../../mail/templates";
import { inScope, type CompanyScope } from "../companies/companies.service";
import { hashIngestKey } from "../ingest/ingest.service";

type CreateInput = z.output<typeof zCreateAutomationRequest>;
type UpdateInput = z.output<typeof zUpdateAutomationRequest>;

const DAY_MS = 86_400_000;
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const daysAgo = (now: Date, days: number) => dayOf(new Date(now.getTime() - days * DAY_MS));
export const monthStart = (now: Date, monthsBack = 0) => dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1)));

/** Live, unless its runs say Failing (N failures in a row) or Stale (no run within the schedule). */
export const displayStatus = sql<DisplayStatus>`case
  when ${automation.status} = 'live' and ${automation.consecutiveFailures} >= ${automation.failureThreshold} then 'failing'
  when ${automation.status} = 'live' and ${automation.staleSince} is not null then 'stale'
  else ${automation.status} end`;

const rate = (success: number, failed: number) => (success + failed === 0 ? null : success / (success + failed));

/* ---------------- Staff: register, edit, keys ---------------- */

export async function createAutomation(db: Database, staffId: string, input: CreateInput, now = new Date()) {
  const [target] = await db.select({ id: company.id }).from(company).where(eq(company.id, input.companyId));
  if (!target) return null;
  const [created] = await db
    .insert(automation)
    .values({ ...input, liveSince: input.status === "live" ? now : null, createdBy: staffId, updatedBy: staffId, createdAt: now, updatedAt: now })
    .returning({ id: automation.id });
  return created!;
}

export async function updateAutomation(db: Database, staffId: string, id: string, input: UpdateInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(automation).where(eq(automation.id, id)).for("update");
    if (!current) return null;
    const becomesLive = input.status === "live" && current.status !== "live";
    const leavesLive = input.status !== undefined && input.status !== "live";
    await tx
      .update(automation)
      .set({
        ...input,
        updatedBy: staffId,
        updatedAt: now,
        ...(becomesLive ? { liveSince: now, staleSince: null } : {}),
        ...(leavesLive ? { staleSince: null } : {}),
      })
      .where(eq(automation.id, id));
    return { id };
  });
}

/**
 * Issues a new ingest key and revokes every earlier one of the automation (rotation).
 * The key is returned once; only its sha256 is stored.
 */
export async function issueIngestKey(db: Database, staffId: string, automationId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: automation.id }).from(automation).where(eq(automation.id, automationId)).for("update");
    if (!target) return null;
    await tx.update(ingestKey).set({ revokedAt: now }).where(and(eq(ingestKey.automationId, automationId), isNull(ingestKey.revokedAt)));
    const key = `cwk_${randomBytes(32).toString("base64url")}`;
    const [row] = await tx
      .insert(ingestKey)
      .values({ automationId, keyHash: hashIngestKey(key), prefix: key.slice(0, 10), createdBy: staffId, createdAt: now })
      .returning({ id: ingestKey.id, prefix: ingestKey.prefix, createdAt: ingestKey.createdAt });
    return { ...row!, key };
  });
}

export async function revokeIngestKey(db: Database, automationId: string, keyId: string, now = new Date()) {
  const rows = await db
    .update(ingestKey)
    .set({ revokedAt: now })
    .where(and(eq(ingestKey.id, keyId), eq(ingestKey.automationId, automationId), isNull(ingestKey.revokedAt)))
    .returning({ id: ingestKey.id });
  return rows.length > 0;
}

export async function listIngestKeys(db: Database, automationId: string) {
  return db
    .select({ id: ingestKey.id, prefix: ingestKey.prefix, createdAt: ingestKey.createdAt, lastUsedAt: ingestKey.lastUsedAt, revokedAt: ingestKey.revokedAt })
    .from(ingestKey)
    .where(eq(ingestKey.automationId, automationId))
    .orderBy(desc(ingestKey.createdAt));
}

/* ---------------- Clients (and staff): read ---------------- */

export interface ListFilter {
  search?: string;
  status?: DisplayStatus;
  companyId?: string;
  id?: string;
}

/** Automations in scope with their figures, every figure read from the daily rollup. */
export async function listAutomations(db: Database, scope: CompanyScope, filter: ListFilter = {}, now = new Date()): Promise<AutomationDetail[]> {
  const d7 = daysAgo(now, 6);
  const d14 = daysAgo(now, 13);
  const d30 = daysAgo(now, 29);
  const month = monthStart(now);
  const d = automationRunDaily;
  const sum = (expr: SQL) => sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);
  const since = (day: string, column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}) filter (where ${d.day} >= ${day}), 0)`.mapWith(Number);
  const total = sql`${d.success} + ${d.failed} + ${d.running} + ${d.skipped}`;

  const stats = db
    .select({
      automationId: d.automationId,
      s7: since(d7, d.success).as("s7"),
      f7: since(d7, d.failed).as("f7"),
      s30: since(d30, d.success).as("s30"),
      f30: since(d30, d.failed).as("f30"),
      runsMonth: since(month, total).as("runs_month"),
      successMonth: since(month, d.success).as("success_month"),
      minutesMonth: since(month, d.minutesSaved).as("minutes_month"),
      minutesLife: sum(sql`${d.minutesSaved}`).as("minutes_life"),
      successLife: sum(sql`${d.success}`).as("success_life"),
    })
    .from(d)
    .where(and(inScope(d.companyId, scope), filter.companyId ? eq(d.companyId, filter.companyId) : undefined, filter.id ? eq(d.automationId, filter.id) : undefined))
    .groupBy(d.automationId)
    .as("stats");

  const pattern = filter.search?.trim() ? `%${filter.search.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const createdBy = sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${automation.createdBy})`;
  const updatedBy = sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${automation.updatedBy})`;
  const rows = await db
    .select({
      a: automation,
      companyName: company.name,
      status: displayStatus,
      createdByName: createdBy,
      updatedByName: updatedBy,
      s7: stats.s7,
      f7: stats.f7,
      s30: stats.s30,
      f30: stats.f30,
      runsMonth: stats.runsMonth,
      successMonth: stats.successMonth,
      minutesMonth: stats.minutesMonth,
      minutesLife: stats.minutesLife,
      successLife: stats.successLife,
    })
    .from(automation)
    .innerJoin(company, eq(company.id, automation.companyId))
    .leftJoin(stats, eq(stats.automationId, automation.id))
    .where(
      and(
        inScope(automation.companyId, scope),
        filter.companyId ? eq(automation.companyId, filter.companyId) : undefined,
        filter.id ? eq(automation.id, filter.id) : undefined,
        filter.status ? sql`${displayStatus} = ${filter.status}` : undefined,
        pattern ? or(ilike(automation.name, pattern), ilike(automation.purpose, pattern)) : undefined,
      ),
    )
    .orderBy(asc(automation.name), asc(automation.id));
  if (rows.length === 0) return [];

  const trendRows = await db
    .select({ automationId: d.automationId, day: d.day, runs: sql<number>`${total}`.mapWith(Number) })
    .from(d)
    .where(
      and(
        inScope(d.companyId, scope),
        filter.companyId ? eq(d.companyId, filter.companyId) : undefined,
        filter.id ? eq(d.automationId, filter.id) : undefined,
        gte(d.day, d14),
      ),
    );
  const days14 = Array.from({ length: 14 }, (_, i) => daysAgo(now, 13 - i));
  const trends = new Map<string, Map<string, number>>();
  for (const row of trendRows) {
    const perDay = trends.get(row.automationId) ?? new Map<string, number>();
    perDay.set(row.day, row.runs);
    trends.set(row.automationId, perDay);
  }

  return rows.map((row) => {
    const n = (value: number | null) => Number(value ?? 0);
    const perDay = trends.get(row.a.id);
    const summary: AutomationSummary = {
      id: row.a.id,
      companyId: row.a.companyId,
      companyName: row.companyName,
      name: row.a.name,
      purpose: row.a.purpose,
      platform: row.a.platform,
      triggerDescription: row.a.triggerDescription,
      expectedEveryMinutes: row.a.expectedEveryMinutes,
      minutesSavedPerRun: row.a.minutesSavedPerRun,
      status: row.status,
      consecutiveFailures: row.a.consecutiveFailures,
      failureThreshold: row.a.failureThreshold,
      lastRunAt: row.a.lastRunAt?.toISOString() ?? null,
      lastRunStatus: row.a.lastRunStatus,
      successRate7d: rate(n(row.s7), n(row.f7)),
      successRate30d: rate(n(row.s30), n(row.f30)),
      runsThisMonth: n(row.runsMonth),
      successfulRunsThisMonth: n(row.successMonth),
      minutesSavedThisMonth: n(row.minutesMonth),
      minutesSavedLifetime: n(row.minutesLife),
      successfulRunsLifetime: n(row.successLife),
      trend14d: days14.map((day) => perDay?.get(day) ?? 0),
      createdAt: row.a.createdAt.toISOString(),
      updatedAt: row.a.updatedAt.toISOString(),
    };
    return { ...summary, createdBy: row.createdByName, updatedBy: row.updatedByName };
  });
}

export async function getAutomation(db: Database, scope: CompanyScope, id: string, now = new Date()): Promise<AutomationDetail | null> {
  const [found] = await listAutomations(db, scope, { id }, now);
  return found ?? null;
}

/** One page of an automation's runs, newest first; the total comes from the daily rollup. */
export async function listRuns(db: Database, scope: CompanyScope, automationId: string, query: z.output<typeof zListRunsQuery>): Promise<TListRunsResponse | null> {
  const [owner] = await db
    .select({ id: automation.id })
    .from(automation)
    .where(and(eq(automation.id, automationId), inScope(automation.companyId, scope)));
  if (!owner) return null;
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
  const counted: Record<RunStatus, SQL> = { success: sql`${d.success}`, failed: sql`${d.failed}`, running: sql`${d.running}`, skipped: sql`${d.skipped}` };
  const [totals] = await db
    .select({
      total: sql<number>`coalesce(sum(${query.status ? counted[query.status] : sql`${d.success} + ${d.failed} + ${d.running} + ${d.skipped}`}), 0)`.mapWith(Number),
    })
    .from(d)
    .where(and(eq(d.automationId, automationId), query.from ? gte(d.day, query.from) : undefined, query.to ? sql`${d.day} <= ${query.to}` : undefined));

  return {
    runs: rows.map((row) => ({ ...row, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null })),
    page: query.page,
    pageSize: RUNS_PAGE_SIZE,
    total: totals?.total ?? 0,
  };
}

/** "Report a problem": stored as a support request linked to the run; staff hear of it by email. */
export async function reportProblem(
  db: Database,
  scope: CompanyScope,
  reporter: { id: string; email: string; name: string },
  input: { automationId: string; runId: string | null; message: string; appUrl: string },
) {
  const [target] = await db
    .select({ id: automation.id, name: automation.name, companyId: automation.companyId, companyName: company.name })
    .from(automation)
    .innerJoin(company, eq(company.id, automation.companyId))
    .where(and(eq(automation.id, input.automationId), inScope(automation.companyId, scope)));
  if (!target) return null;
  if (input.runId) {
    const [run] = await db
      .select({ id: automationRun.id })
      .from(automationRun)
      .where(and(eq(automationRun.id, input.runId), eq(automationRun.automationId, target.id)));
    if (!run) return null;
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(runProblemReport)
      .values({ companyId: target.companyId, automationId: target.id, runId: input.runId, userId: reporter.id, message: input.message })
      .returning({ id: runProblemReport.id, createdAt: runProblemReport.createdAt });
    const staff = await tx.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
    const mail = runProblemReportedMail({
      automationName: target.name,
      companyName: target.companyName,
      reporter: reporter.name || reporter.email,
      message: input.message,
      url: `${input.appUrl}/my-automations/${target.id}`,
    });
    for (const { email } of staff) await enqueueMail(tx, email, mail);
    return { id: created!.id, createdAt: created!.createdAt.toISOString(), notified: staff.length > 0 };
  });
}
