import { and, inArray, isNull, lt, or } from "drizzle-orm";
import { ingestKey } from "../../db/schema/automations";
import { AppError } from "../../lib/app-error";
import { applyHealth, healthUpdateSql, type HealthUpdate } from "./apply-health.service";
import { addToDailyRollup, type CountedRun } from "./daily-rollup.service";
import { admitReports, PULLED, type LockedAutomation } from "./ingest-admission";
import { applyRepeatedRuns, type RunOutcome, type StoredRun } from "./repeated-runs";
import { insertNewRuns, type RunValues } from "./store-runs";
import type { TReportRunRequest } from "../../../shared/automations";
import type { ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";
import type { RateRule } from "../../security/rate-limit";
import type { IngestContext } from "../ingest-keys";

/** A validated run (the output of ZReportRunRequest). */
export type ReportedRun = Omit<TReportRunRequest, "itemsProcessed"> & {
  itemsProcessed: number;
  errorMessage?: string | null;
};

/** One request's runs, with the key they came with. */
export interface IngestReport {
  ctx: IngestContext;
  runs: ReportedRun[];
}

export interface IngestOptions {
  /** Requests per key and window; none for the agency's own imports. */
  rate?: RateRule;
}

export interface IngestResult {
  received: number;
  accepted: number;
  duplicates: number;
  finished: number;
  conflicts: number;
  /** Per run in request order: what the report did, and for a conflict the run as stored. */
  results: { externalRunId: string; duplicate: boolean; outcome: RunOutcome; stored?: StoredRun }[];
}

/** Each report's answer, in order: its result, or why it was refused (429 or 401). */
type IngestAnswer = IngestResult | AppError;

const KEY_TOUCH_MS = 60_000;

/**
 * Stores the runs of any number of reports (of one or many automations) in one transaction:
 * each run exactly once per automation and external id (a run first reported as running is
 * finished by its one final report, see repeated-runs.ts), the daily rollup, and each
 * automation's health, opening or closing a Failing incident (with its one email) when the
 * runs cross the threshold. Reports are admitted first (rate and key, see ingest-admission.ts),
 * which locks their automations: concurrent reports for one automation apply one after the other.
 * The common case is a fixed number of statements however many reports and automations.
 */
export async function ingestReports(
  ctx: ServiceContext,
  input: IngestOptions & { reports: IngestReport[] },
): Promise<IngestAnswer[]> {
  const { reports, ...options } = input;
  const { now } = ctx;
  return ctx.transaction(async (txContext) => {
    const tx = txContext.db;
    const { refused, automations, keysLastUsed } = await admitReports(tx, reports, options.rate, now);
    const parts = automations.map((auto) => {
      const indexes = reports.flatMap(({ ctx }, i) => (ctx.automationId === auto.id && !refused.has(i) ? [i] : []));
      const runs = indexes.flatMap((i) => reports[i]!.runs.map((run) => runValues(run, auto)));
      return { auto, indexes, runs, automationId: auto.id, companyId: auto.companyId };
    });
    const storedIds = await insertNewRuns(tx, parts);
    const outcomes = new Map<number, IngestResult["results"]>();
    const counted: CountedRun[] = [];
    const healthOf: { auto: LockedAutomation; runs: CountedRun[] }[] = [];
    for (const part of parts) {
      const { results, runs } = await settleRuns(tx, part.auto, part.runs, storedIds.get(part.auto.id)!);
      let offset = 0;
      for (const i of part.indexes) {
        outcomes.set(i, results.slice(offset, offset + reports[i]!.runs.length));
        offset += reports[i]!.runs.length;
      }
      counted.push(...runs);
      if (runs.length > 0) healthOf.push({ auto: part.auto, runs });
    }
    const health: HealthUpdate[] = [];
    for (const { auto, runs } of healthOf) health.push(await applyHealth(txContext, auto, runs));
    // Automations with counted runs are those with health to write: one statement writes both.
    if (counted.length > 0) await addToDailyRollup(tx, counted, healthUpdateSql(health));
    await touchKeys(tx, keysLastUsed, now);
    return reports.map((_, i) => refused.get(i) ?? summary(outcomes.get(i)!));
  });
}

/**
 * Runs a platform connection read from the platform itself (the n8n sync, ADR 0034): the same
 * path as pushed runs (one run per external id, so a run both pushed and pulled counts once;
 * rollup, health, incidents and alerts), without an ingest key or a rate.
 */
export async function ingestPulledRuns(
  ctx: ServiceContext,
  input: { automationId: string; companyId: string; runs: ReportedRun[] },
): Promise<IngestResult> {
  const { automationId, companyId, runs } = input;
  return ingestRuns(ctx, { ctx: { keyId: PULLED, automationId, companyId }, runs });
}

/** One report alone (the agency's imports, and tests); a refusal is thrown. */
export async function ingestRuns(ctx: ServiceContext, input: IngestReport & IngestOptions): Promise<IngestResult> {
  const { rate, ...report } = input;
  const [answer] = await ingestReports(ctx, { reports: [report], rate });
  if (answer instanceof AppError) throw answer;
  return answer!;
}

function runValues(run: ReportedRun, auto: LockedAutomation): RunValues {
  return {
    externalId: run.externalRunId,
    status: run.status,
    startedAt: new Date(run.startedAt),
    finishedAt: run.finishedAt ? new Date(run.finishedAt) : null,
    itemsProcessed: run.itemsProcessed,
    minutesSaved: run.status === "success" ? (run.minutesSaved ?? auto.minutesSavedPerRun) : 0,
    errorMessage: run.errorMessage ?? null,
    runUrl: run.runUrl ?? null,
  };
}

/**
 * One automation's reports after the insert: the first report of each new id was stored; every
 * other report is a repeat, applied in order. Returns each report's outcome and the runs the
 * rollup and health count (new ones, and those finished now).
 */
async function settleRuns(tx: Database, auto: LockedAutomation, values: RunValues[], storedIds: Set<string>) {
  const known = new Map<string, StoredRun & { minutesSaved: number }>();
  const counted: CountedRun[] = [];
  const where = { automationId: auto.id, companyId: auto.companyId };
  const isFirst = values.map((run) => {
    if (!storedIds.has(run.externalId) || known.has(run.externalId)) return false;
    const { externalId: externalRunId, status, startedAt, finishedAt, itemsProcessed, errorMessage } = run;
    const row = { externalRunId, status, startedAt, finishedAt, itemsProcessed, errorMessage };
    known.set(run.externalId, { ...row, minutesSaved: run.minutesSaved });
    counted.push({ ...row, minutesSaved: run.minutesSaved, ...where });
    return true;
  });
  const repeats = values.filter((_, i) => !isFirst[i]);
  const { outcomes, finished } = await applyRepeatedRuns(tx, auto.id, repeats, known);
  counted.push(...finished.map((run) => ({ ...run, ...where })));
  let repeat = 0;
  const results = values.map(({ externalId }, i) => {
    const { outcome, stored } = isFirst[i] ? { outcome: "stored" as const, stored: undefined } : outcomes[repeat++]!;
    return { externalRunId: externalId, duplicate: outcome === "duplicate", outcome, ...(stored ? { stored } : {}) };
  });
  return { results, runs: counted };
}

function summary(results: IngestResult["results"]): IngestResult {
  const counted = (outcome: RunOutcome) => results.filter((run) => run.outcome === outcome).length;
  return {
    received: results.length,
    accepted: counted("stored"),
    duplicates: counted("duplicate"),
    finished: counted("finished"),
    conflicts: counted("conflict"),
    results,
  };
}

/** Records when keys were used, at most once a minute each (and not at all in most groups). */
async function touchKeys(tx: Database, lastUsed: Map<string, Date | null>, now: Date) {
  const cutoff = new Date(now.getTime() - KEY_TOUCH_MS);
  const due = [...lastUsed].filter(([, at]) => at === null || at < cutoff).map(([id]) => id);
  if (due.length === 0) return;
  await tx
    .update(ingestKey)
    .set({ lastUsedAt: now })
    .where(and(inArray(ingestKey.id, due), or(isNull(ingestKey.lastUsedAt), lt(ingestKey.lastUsedAt, cutoff))));
}
