import { and, eq, isNull, or, sql } from "drizzle-orm";
import { automation, ingestKey } from "../../db/schema/automations";
import { AppError } from "../../lib/app-error";
import { applyHealth } from "./apply-health.service";
import { INVALID_INGEST_KEY } from "./authenticate-ingest-key.service";
import { addToDailyRollup } from "./daily-rollup.service";
import { applyRepeatedRuns, type RunOutcome, type StoredRun } from "./repeated-runs";
import { insertNewRuns, type RunValues } from "./store-runs";
import type { IngestContext } from "./authenticate-ingest-key.service";
import type { InsertedRun } from "./health-transitions";
import type { TReportRunRequest } from "../../../shared/automation-runs";
import type { Database } from "../../db/client";
import type { MailLinks } from "../notifications/mail-links";

/** A validated run (the output of ZReportRunRequest). */
export type ReportedRun = Omit<TReportRunRequest, "itemsProcessed"> & {
  itemsProcessed: number;
  errorMessage?: string | null;
};

export interface IngestOptions {
  /** The app's address and each alert recipient's unsubscribe links. */
  links: MailLinks;
  now?: Date;
}

export interface IngestResult {
  received: number;
  accepted: number;
  duplicates: number;
  finished: number;
  conflicts: number;
  /** Per run in request order: what the report did, and for a conflict the run as stored. */
  results: { externalRunId: string; duplicate: boolean; outcome: RunOutcome; stored?: StoredRun }[];
  /** True when mail was written (the caller nudges the outbox worker). */
  mailQueued: boolean;
}

/**
 * Stores runs exactly once per external id (a run first reported as running is finished by its
 * one final report, see repeated-runs.ts), updates the daily rollup and the automation's
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

    const values: RunValues[] = runs.map((run) => ({
      externalId: run.externalRunId,
      status: run.status,
      startedAt: new Date(run.startedAt),
      finishedAt: run.finishedAt ? new Date(run.finishedAt) : null,
      itemsProcessed: run.itemsProcessed,
      minutesSaved: run.status === "success" ? (run.minutesSaved ?? auto.minutesSavedPerRun) : 0,
      errorMessage: run.errorMessage ?? null,
      runUrl: run.runUrl ?? null,
    }));
    const storedIds = await insertNewRuns(tx, auto.id, auto.companyId, values);
    // The first report of each new id was stored; every other report is a repeat, applied in order.
    const known = new Map<string, StoredRun & { minutesSaved: number }>();
    const inserted: (InsertedRun & { externalRunId: string })[] = [];
    const isFirst = values.map((run) => {
      if (!storedIds.has(run.externalId) || known.has(run.externalId)) return false;
      const { externalId: externalRunId, status, startedAt, finishedAt, itemsProcessed, errorMessage } = run;
      const row = {
        externalRunId,
        status,
        startedAt,
        finishedAt,
        itemsProcessed,
        errorMessage,
        minutesSaved: run.minutesSaved,
      };
      known.set(run.externalId, row);
      inserted.push(row);
      return true;
    });
    const repeats = values.filter((_, i) => !isFirst[i]);
    const { outcomes, finished } = await applyRepeatedRuns(tx, auto.id, repeats, known);
    let repeat = 0;
    const results = values.map(({ externalId }, i) => {
      const { outcome, stored } = isFirst[i] ? { outcome: "stored" as const, stored: undefined } : outcomes[repeat++]!;
      return { externalRunId: externalId, duplicate: outcome === "duplicate", outcome, ...(stored ? { stored } : {}) };
    });

    let mailQueued = false;
    const counted = [...inserted, ...finished];
    if (counted.length > 0) {
      await addToDailyRollup(tx, auto.id, auto.companyId, counted);
      mailQueued = await applyHealth(tx, auto, counted, now, options.links);
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
      duplicates: results.filter((run) => run.outcome === "duplicate").length,
      finished: finished.length,
      conflicts: results.filter((run) => run.outcome === "conflict").length,
      results,
      mailQueued,
    };
  });
}
