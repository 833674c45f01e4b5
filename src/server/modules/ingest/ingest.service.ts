import { createHash } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { RunStatus, TReportRunRequest } from "../../../shared/automations";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { automation, automationIncident, automationRun, automationRunDaily, ingestKey } from "../../db/schema/automations";
import { company, companyMember } from "../../db/schema/companies";
import { enqueueMail } from "../../mail/outbox";
import { automationFailingMail, automationRecoveredMail } from "../../mail/templates";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A validated run (the output of zReportRunRequest). */
export type ReportedRun = Omit<TReportRunRequest, "itemsProcessed"> & { itemsProcessed: number; errorMessage?: string | null };

export const hashIngestKey = (key: string) => createHash("sha256").update(key).digest("hex");

export interface IngestContext {
  keyId: string;
  automationId: string;
  companyId: string;
  /** When the key was last used, to refresh it at most once a minute. */
  lastUsedAt?: Date | null;
}

/** The automation a key reports for, or null for an unknown or revoked key. */
export async function authenticateIngestKey(db: Database, key: string): Promise<IngestContext | null> {
  if (!key || key.length > 200) return null;
  const [row] = await db
    .select({ keyId: ingestKey.id, automationId: automation.id, companyId: automation.companyId, lastUsedAt: ingestKey.lastUsedAt })
    .from(ingestKey)
    .innerJoin(automation, eq(automation.id, ingestKey.automationId))
    .where(and(eq(ingestKey.keyHash, hashIngestKey(key)), isNull(ingestKey.revokedAt)));
  return row ?? null;
}

export interface IngestOptions {
  appUrl: string;
  now?: Date;
}

export interface IngestResult {
  received: number;
  accepted: number;
  duplicates: number;
  /** Per run in request order: the stored id, and whether it was already known. */
  results: { externalRunId: string; duplicate: boolean }[];
  /** True when mail was written (the caller nudges the outbox worker). */
  mailQueued: boolean;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Stores runs exactly once per external id, updates the daily rollup and the automation's
 * health in the same transaction, and opens or closes a Failing incident (with its one
 * email) when the runs cross the threshold. The automation row is locked for the
 * transaction, so concurrent reports for one automation apply one after the other.
 */
export async function ingestRuns(db: Database, ctx: IngestContext, runs: ReportedRun[], options: IngestOptions): Promise<IngestResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [auto] = await tx.select().from(automation).where(eq(automation.id, ctx.automationId)).for("update");
    if (!auto) throw new Error(`automation ${ctx.automationId} vanished during ingest`);

    const values = runs.map((run) => ({
      automationId: auto.id,
      companyId: auto.companyId,
      externalId: run.externalRunId,
      status: run.status,
      startedAt: new Date(run.startedAt),
      finishedAt: run.finishedAt ? new Date(run.finishedAt) : null,
      itemsProcessed: run.itemsProcessed,
      minutesSaved: run.status === "success" ? (run.minutesSaved ?? auto.minutesSavedPerRun) : 0,
      errorMessage: run.errorMessage ?? null,
      runUrl: run.runUrl ?? null,
    }));
    const inserted = await tx
      .insert(automationRun)
      .values(values)
      .onConflictDoNothing({ target: [automationRun.automationId, automationRun.externalId] })
      .returning({
        externalId: automationRun.externalId,
        status: automationRun.status,
        startedAt: automationRun.startedAt,
        minutesSaved: automationRun.minutesSaved,
        itemsProcessed: automationRun.itemsProcessed,
        errorMessage: automationRun.errorMessage,
      });
    const fresh = new Set(inserted.map((run) => run.externalId));
    const seen = new Set<string>();
    const results = runs.map((run) => {
      const duplicate = !fresh.has(run.externalRunId) || seen.has(run.externalRunId);
      seen.add(run.externalRunId);
      return { externalRunId: run.externalRunId, duplicate };
    });

    let mailQueued = false;
    if (inserted.length > 0) {
      await addToDailyRollup(tx, auto.id, auto.companyId, inserted);
      mailQueued = await applyHealth(tx, auto, inserted, now, options.appUrl);
    }
    if (ctx.lastUsedAt === undefined || ctx.lastUsedAt === null || ctx.lastUsedAt.getTime() < now.getTime() - 60_000) {
      await tx
        .update(ingestKey)
        .set({ lastUsedAt: now })
        .where(and(eq(ingestKey.id, ctx.keyId), or(isNull(ingestKey.lastUsedAt), sql`${ingestKey.lastUsedAt} < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`)));
    }
    return { received: runs.length, accepted: inserted.length, duplicates: runs.length - inserted.length, results, mailQueued };
  });
}

interface InsertedRun {
  status: RunStatus;
  startedAt: Date;
  minutesSaved: number;
  itemsProcessed: number;
  errorMessage: string | null;
}

async function addToDailyRollup(tx: Tx, automationId: string, companyId: string, runs: InsertedRun[]) {
  const byDay = new Map<string, { success: number; failed: number; running: number; skipped: number; minutesSaved: number; itemsProcessed: number }>();
  for (const run of runs) {
    const day = dayOf(run.startedAt);
    const entry = byDay.get(day) ?? { success: 0, failed: 0, running: 0, skipped: 0, minutesSaved: 0, itemsProcessed: 0 };
    entry[run.status] += 1;
    entry.minutesSaved += run.minutesSaved;
    entry.itemsProcessed += run.itemsProcessed;
    byDay.set(day, entry);
  }
  const rows = [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, counts]) => ({ automationId, companyId, day, ...counts }));
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

type AutomationRow = typeof automation.$inferSelect;

async function applyHealth(tx: Tx, auto: AutomationRow, runs: InsertedRun[], now: Date, appUrl: string): Promise<boolean> {
  const ordered = [...runs].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  // An open incident implies failures in a row; without failures now or before, skip the lookup.
  const mayTouchIncident = auto.consecutiveFailures > 0 || ordered.some((run) => run.status === "failed");
  const [open] = !mayTouchIncident
    ? []
    : await tx
    .select({ id: automationIncident.id })
    .from(automationIncident)
    .where(and(eq(automationIncident.automationId, auto.id), eq(automationIncident.kind, "failing"), isNull(automationIncident.resolvedAt)));
  let incidentOpen = Boolean(open);
  let failures = auto.consecutiveFailures;
  let mailQueued = false;
  let recipients: string[] | undefined;
  const url = `${appUrl}/my-automations/${auto.id}`;
  const companyName = async () => (await tx.select({ name: company.name }).from(company).where(eq(company.id, auto.companyId)))[0]?.name ?? "your company";

  for (const run of ordered) {
    if (run.status === "failed") {
      failures += 1;
      if (auto.status === "live" && failures >= auto.failureThreshold && !incidentOpen) {
        // The partial unique index lets one transaction open the incident; any other finds it open.
        const opened = await tx
          .insert(automationIncident)
          .values({ automationId: auto.id, kind: "failing", openedAt: now })
          .onConflictDoNothing()
          .returning({ id: automationIncident.id });
        incidentOpen = true;
        if (opened.length > 0) {
          recipients ??= await alertRecipients(tx, auto.companyId);
          const mail = automationFailingMail({ automationName: auto.name, companyName: await companyName(), failures, lastError: run.errorMessage, url });
          for (const to of recipients) await enqueueMail(tx, to, mail);
          mailQueued ||= recipients.length > 0;
        }
      }
    } else if (run.status === "success") {
      failures = 0;
      if (incidentOpen) {
        const closed = await tx
          .update(automationIncident)
          .set({ resolvedAt: now })
          .where(and(eq(automationIncident.automationId, auto.id), eq(automationIncident.kind, "failing"), isNull(automationIncident.resolvedAt)))
          .returning({ id: automationIncident.id });
        incidentOpen = false;
        if (closed.length > 0) {
          recipients ??= await alertRecipients(tx, auto.companyId);
          const mail = automationRecoveredMail({ automationName: auto.name, companyName: await companyName(), url });
          for (const to of recipients) await enqueueMail(tx, to, mail);
          mailQueued ||= recipients.length > 0;
        }
      }
    }
  }

  const newest = ordered[ordered.length - 1]!;
  const isNewer = !auto.lastRunAt || newest.startedAt >= auto.lastRunAt;
  const lastRunAt = isNewer ? newest.startedAt : auto.lastRunAt!;
  // A recent run ends a Stale spell; an old run arriving late does not.
  const fresh = auto.expectedEveryMinutes === null || lastRunAt.getTime() >= now.getTime() - auto.expectedEveryMinutes * 60_000;
  await tx
    .update(automation)
    .set({
      consecutiveFailures: failures,
      lastRunAt,
      lastRunStatus: isNewer ? newest.status : auto.lastRunStatus,
      staleSince: fresh ? null : auto.staleSince,
    })
    .where(eq(automation.id, auto.id));
  return mailQueued;
}

/** The company's members and every staff account. */
export async function alertRecipients(tx: Pick<Database, "selectDistinct">, companyId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ email: user.email })
    .from(user)
    .leftJoin(companyMember, and(eq(companyMember.userId, user.id), eq(companyMember.companyId, companyId)))
    .where(or(eq(user.role, "admin"), eq(companyMember.companyId, companyId)));
  return rows.map((row) => row.email).sort();
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
