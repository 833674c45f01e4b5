import { sql } from "drizzle-orm";
import { automationRun } from "../../db/schema/automations";
import type { RunStatus } from "../../../shared/automations";
import type { Database } from "../../db/client";

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
async function externalIds(tx: Database, statement: ReturnType<typeof sql>) {
  const result = (await tx.execute(statement)) as unknown as { rows: { external_id: string }[] };
  return new Set(result.rows.map((row) => row.external_id));
}

/** Runs for one automation, as one transaction stores them. */
interface AutomationRuns {
  automationId: string;
  companyId: string;
  runs: RunValues[];
}

/**
 * Inserts the runs not stored yet, for any number of automations, in one statement whatever
 * their number (columns passed as arrays and unnested), and returns the external ids it stored
 * per automation. A repeated id, earlier or in the same request, is left to the unique index
 * (`on conflict do nothing`).
 */
export async function insertNewRuns(tx: Database, parts: AutomationRuns[]): Promise<Map<string, Set<string>>> {
  const rows = parts.flatMap(({ automationId, companyId, runs }) =>
    runs.map((run) => ({ ...run, automationId, companyId })),
  );
  const stored = new Map(parts.map(({ automationId }) => [automationId, new Set<string>()]));
  if (rows.length === 0) return stored;
  const col = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  const result = (await tx.execute(
    sql`insert into ${automationRun} (automation_id, company_id, external_id, status, started_at, finished_at, items_processed, minutes_saved, error_message, run_url)
      select v.automation_id, v.company_id, v.external_id, v.status, v.started_at, v.finished_at,
        v.items_processed, v.minutes_saved, v.error_message, v.run_url
      from unnest(${col((x) => x.automationId)}::uuid[], ${col((x) => x.companyId)}::uuid[],
        ${col((x) => x.externalId)}::text[], ${col((x) => x.status)}::text[],
        ${col((x) => iso(x.startedAt))}::timestamptz[], ${col((x) => iso(x.finishedAt))}::timestamptz[],
        ${col((x) => x.itemsProcessed)}::int[], ${col((x) => x.minutesSaved)}::int[],
        ${col((x) => x.errorMessage)}::text[], ${col((x) => x.runUrl)}::text[]) with ordinality
        as v(automation_id, company_id, external_id, status, started_at, finished_at, items_processed, minutes_saved, error_message, run_url, n)
      order by v.n
      on conflict (automation_id, external_id) do nothing
      returning automation_id, external_id`,
  )) as unknown as { rows: { automation_id: string; external_id: string }[] };
  for (const row of result.rows) stored.get(row.automation_id)?.add(row.external_id);
  return stored;
}

/**
 * Gives runs stored as `running` their final values, in one statement; only rows still
 * `running` change, and the external ids changed are returned.
 */
export function finishRuns(tx: Database, automationId: string, runs: RunValues[]) {
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
