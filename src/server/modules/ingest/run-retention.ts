import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { addDays, DAY_MS, dayOf } from "../../../shared/days";
import { automationRun } from "../../db/schema/automations";
import { AppError } from "../../lib/app-error";
import type { ServiceContext } from "../../context/service-context";

/** Runs started before this instant are past retention: deleted, and refused when reported. */
export const retentionCutoff = (ctx: ServiceContext) =>
  new Date(ctx.now.getTime() - ctx.app.config.RUN_RETENTION_DAYS * DAY_MS);

/**
 * The first day (a calendar date) whose runs are all still kept, in any time zone: the cutoff's
 * UTC day plus two, so that no zone's midnight of that day falls before the cutoff.
 */
export const firstWholeRetainedDay = (ctx: ServiceContext) => addDays(dayOf(retentionCutoff(ctx)), 2);

/**
 * A run that started before the retention window is refused: it would be counted in the daily
 * figures, deleted at the next pass, and counted again if reported again.
 */
export function refuseRunsPastRetention(
  ctx: ServiceContext,
  runs: { startedAt: string }[],
  field: (i: number) => string,
) {
  const cutoff = retentionCutoff(ctx).getTime();
  const days = ctx.app.config.RUN_RETENTION_DAYS;
  const fields = Object.fromEntries(
    runs.flatMap((run, i) =>
      Date.parse(run.startedAt) < cutoff
        ? [[field(i), `startedAt is more than ${days} days ago: runs are kept for ${days} days`]]
        : [],
    ),
  );
  if (Object.keys(fields).length > 0)
    throw new AppError("VALIDATION", `Runs that started more than ${days} days ago are not stored.`, { fields });
}

export interface RetentionPass {
  /** Runs deleted per statement: small, so ingest never waits long on the locks. */
  batchSize?: number;
  /** At most this many statements per pass; the next pass goes on. */
  maxBatches?: number;
  /**
   * The rest after each statement, as a multiple of the time the statement took: the job keeps
   * to a share of the database (a third with 2) and leaves the rest to ingest.
   */
  restPerWork?: number;
  /** Aborted when the server stops: the pass ends after the statement under way. */
  stopping?: AbortSignal;
}

const MIN_REST_MS = 10;

/**
 * Deletes runs past retention, oldest first, in small batches of their own transactions; the
 * daily rollup is never touched, so dashboards, reports and invoices keep their history. Rows
 * another instance is deleting are skipped (SKIP LOCKED), so two instances never wait on each
 * other nor delete a run twice. Returns how many runs were deleted.
 *
 * The deletes write the log as fast as the database can, and every commit of ingest queues behind
 * that writing (ADR 0036): so each batch commits without waiting for the disk, and the job rests
 * between batches. A batch lost in a crash is deleted again by the next pass; nothing else relies
 * on it having happened.
 */
export async function deleteRunsPastRetention(ctx: ServiceContext, pass: RetentionPass = {}): Promise<number> {
  const { batchSize = 1_000, maxBatches = 200, restPerWork = 2, stopping } = pass;
  const cutoff = retentionCutoff(ctx).toISOString();
  let deleted = 0;
  for (let batch = 0; batch < maxBatches && !stopping?.aborted; batch++) {
    const started = performance.now();
    const count = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      const result = (await tx.execute(sql`
        delete from ${automationRun} where id in (
          select id from ${automationRun} where started_at < ${cutoff}::timestamptz
          order by started_at limit ${batchSize} for update skip locked)`)) as unknown as {
        affectedRows?: number;
        rowCount?: number | null;
      };
      return Number(result.rowCount ?? result.affectedRows ?? 0);
    });
    deleted += count;
    if (count < batchSize) break;
    // Between batches, the event loop and the database serve others (ingest above all).
    const rest = Math.max(MIN_REST_MS, restPerWork * (performance.now() - started));
    // An abort (the server stopping) ends the rest at once; the loop then stops.
    await sleep(rest, undefined, { signal: stopping }).catch(() => undefined);
  }
  return deleted;
}
