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
}

/**
 * Deletes runs past retention, oldest first, in small batches of their own transactions; the
 * daily rollup is never touched, so dashboards, reports and invoices keep their history. Rows
 * another instance is deleting are skipped (SKIP LOCKED), so two instances never wait on each
 * other nor delete a run twice. Returns how many runs were deleted.
 */
export async function deleteRunsPastRetention(ctx: ServiceContext, pass: RetentionPass = {}): Promise<number> {
  const { batchSize = 1_000, maxBatches = 200 } = pass;
  const cutoff = retentionCutoff(ctx).toISOString();
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = (await ctx.db.execute(sql`
      delete from ${automationRun} where id in (
        select id from ${automationRun} where started_at < ${cutoff}::timestamptz
        order by started_at limit ${batchSize} for update skip locked)`)) as unknown as {
      affectedRows?: number;
      rowCount?: number | null;
    };
    const count = Number(result.rowCount ?? result.affectedRows ?? 0);
    deleted += count;
    if (count < batchSize) break;
    // Between batches, the event loop and the database serve others (ingest above all).
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return deleted;
}
