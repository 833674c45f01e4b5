import { sql } from "drizzle-orm";
import { automationRun } from "../../db/schema/automations";
import type { RunStatus } from "../../../shared/automations";
import type { Tx } from "../../db/client";

/** A run's values as ingest stores them. */
export interface RunValues {
  externalId: string;
  status: RunStatus;
  startedAt: Date;
  finishedAt: Date | null;
  itemsProcessed: number;
  minutesSaved: number;
  errorMessage: string | null;
  runUrl: string | null;
}

/** One array parameter per column: a statement of a fixed size, however many runs it carries. */
const column = <T>(runs: RunValues[], pick: (run: RunValues) => T) => sql.param(runs.map(pick));
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The external ids a statement returned (text only, read alike from every driver). */
async function externalIds(tx: Tx, statement: ReturnType<typeof sql>) {
  const result = (await tx.execute(statement)) as unknown as { rows: { external_id: string }[] };
  return new Set(result.rows.map((row) => row.external_id));
}

/**
 * Inserts the runs not stored yet, in one statement whatever their number (columns passed as
 * arrays and unnested), and returns the external ids it stored. A repeated id, earlier or in
 * the same request, is left to the unique index (`on conflict do nothing`).
 */
export function insertNewRuns(tx: Tx, automationId: string, companyId: string, runs: RunValues[]) {
  const r = automationRun;
  return externalIds(
    tx,
    sql`insert into ${r} (automation_id, company_id, external_id, status, started_at, finished_at, items_processed, minutes_saved, error_message, run_url)
      select ${automationId}::uuid, ${companyId}::uuid, v.external_id, v.status, v.started_at, v.finished_at,
        v.items_processed, v.minutes_saved, v.error_message, v.run_url
      from unnest(${column(runs, (x) => x.externalId)}::text[], ${column(runs, (x) => x.status)}::text[],
        ${column(runs, (x) => iso(x.startedAt))}::timestamptz[], ${column(runs, (x) => iso(x.finishedAt))}::timestamptz[],
        ${column(runs, (x) => x.itemsProcessed)}::int[], ${column(runs, (x) => x.minutesSaved)}::int[],
        ${column(runs, (x) => x.errorMessage)}::text[], ${column(runs, (x) => x.runUrl)}::text[]) with ordinality
        as v(external_id, status, started_at, finished_at, items_processed, minutes_saved, error_message, run_url, n)
      order by v.n
      on conflict (automation_id, external_id) do nothing
      returning external_id`,
  );
}

/**
 * Gives runs stored as `running` their final values, in one statement; only rows still
 * `running` change, and the external ids changed are returned.
 */
export function finishRuns(tx: Tx, automationId: string, runs: RunValues[]) {
  if (runs.length === 0) return Promise.resolve(new Set<string>());
  return externalIds(
    tx,
    sql`update ${automationRun} as r set status = v.status, finished_at = v.finished_at,
        items_processed = v.items_processed, minutes_saved = v.minutes_saved,
        error_message = v.error_message, run_url = coalesce(v.run_url, r.run_url)
      from unnest(${column(runs, (x) => x.externalId)}::text[], ${column(runs, (x) => x.status)}::text[],
        ${column(runs, (x) => iso(x.finishedAt))}::timestamptz[], ${column(runs, (x) => x.itemsProcessed)}::int[],
        ${column(runs, (x) => x.minutesSaved)}::int[], ${column(runs, (x) => x.errorMessage)}::text[],
        ${column(runs, (x) => x.runUrl)}::text[])
        as v(external_id, status, finished_at, items_processed, minutes_saved, error_message, run_url)
      where r.automation_id = ${automationId}::uuid and r.external_id = v.external_id and r.status = 'running'
      returning r.external_id`,
  );
}
