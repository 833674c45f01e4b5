import { and, eq, isNull, or, sql } from "drizzle-orm";
import { automation, automationRun, ingestKey } from "../../db/schema/automations";
import { AppError } from "../../lib/app-error";
import { applyHealth } from "./apply-health.service";
import { INVALID_INGEST_KEY } from "./authenticate-ingest-key.service";
import { addToDailyRollup } from "./daily-rollup.service";
import type { IngestContext } from "./authenticate-ingest-key.service";
import type { TReportRunRequest } from "../../../shared/automation-runs";
import type { Database } from "../../db/client";

/** A validated run (the output of ZReportRunRequest). */
export type ReportedRun = Omit<TReportRunRequest, "itemsProcessed"> & {
  itemsProcessed: number;
  errorMessage?: string | null;
};

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

/**
 * Stores runs exactly once per external id, updates the daily rollup and the automation's
 * health in the same transaction, and opens or closes a Failing incident (with its one
 * email) when the runs cross the threshold. The automation row is locked for the
 * transaction, so concurrent reports for one automation apply one after the other.
 */
export async function ingestRuns(
  db: Database,
  ctx: IngestContext,
  runs: ReportedRun[],
  options: IngestOptions,
): Promise<IngestResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [auto] = await tx.select().from(automation).where(eq(automation.id, ctx.automationId)).for("update");
    if (!auto) throw new Error(`automation ${ctx.automationId} vanished during ingest`);
    // Retired while this request was on its way: its keys were revoked with it.
    if (auto.status === "retired") throw new AppError("UNAUTHORIZED", INVALID_INGEST_KEY);

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
        .where(
          and(
            eq(ingestKey.id, ctx.keyId),
            or(
              isNull(ingestKey.lastUsedAt),
              sql`${ingestKey.lastUsedAt} < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`,
            ),
          ),
        );
    }
    return {
      received: runs.length,
      accepted: inserted.length,
      duplicates: runs.length - inserted.length,
      results,
      mailQueued,
    };
  });
}
