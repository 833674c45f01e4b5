import { and, eq, inArray } from "drizzle-orm";
import { automationRun } from "../../db/schema/automations";
import { finishRuns, type RunValues } from "./store-runs";
import type { InsertedRun } from "./health-transitions";
import type { RunStatus } from "../../../shared/automations";
import type { Database } from "../../db/client";

/** What one report did: stored a new run, finished one reported as running, or nothing. */
export type RunOutcome = "stored" | "finished" | "duplicate" | "conflict";

/** A run as stored, as a conflict answers it. */
export interface StoredRun {
  externalRunId: string;
  status: RunStatus;
  startedAt: Date;
  finishedAt: Date | null;
  itemsProcessed: number;
  errorMessage: string | null;
}

const stored = {
  externalRunId: automationRun.externalId,
  status: automationRun.status,
  startedAt: automationRun.startedAt,
  finishedAt: automationRun.finishedAt,
  itemsProcessed: automationRun.itemsProcessed,
  errorMessage: automationRun.errorMessage,
  minutesSaved: automationRun.minutesSaved,
};

/**
 * Reports of runs already stored (earlier, or earlier in the same request), applied in the order
 * sent. A run stored as `running` takes its one final status; the same status again is a harmless
 * duplicate; anything else (running after final, or another final status) is a conflict, answered
 * with the stored run. The outcomes are decided in memory, then the finished runs are written in
 * one statement (at most one final report per run can finish it). The automation row is locked by
 * the caller and the update is conditional on `running`, so a run reported final twice at once is
 * finished, and counted, once.
 */
export async function applyRepeatedRuns(
  tx: Database,
  automationId: string,
  repeats: RunValues[],
  known: Map<string, StoredRun & { minutesSaved: number }>,
) {
  const missing = [...new Set(repeats.map((run) => run.externalId).filter((id) => !known.has(id)))];
  if (missing.length > 0) {
    const rows = await tx
      .select(stored)
      .from(automationRun)
      .where(and(eq(automationRun.automationId, automationId), inArray(automationRun.externalId, missing)));
    for (const row of rows) known.set(row.externalRunId, row);
  }
  const finishing: RunValues[] = [];
  const finished: (InsertedRun & { finishing: true })[] = [];
  const outcomes: { outcome: RunOutcome; stored?: StoredRun }[] = [];
  for (const run of repeats) {
    const current = known.get(run.externalId)!;
    if (current.status === run.status) {
      outcomes.push({ outcome: "duplicate" });
      continue;
    }
    if (current.status !== "running" || run.status === "running") {
      outcomes.push({ outcome: "conflict", stored: current });
      continue;
    }
    const row = {
      externalRunId: run.externalId,
      status: run.status,
      startedAt: current.startedAt,
      finishedAt: run.finishedAt,
      itemsProcessed: run.itemsProcessed,
      errorMessage: run.errorMessage,
      minutesSaved: run.minutesSaved,
    };
    known.set(run.externalId, row);
    finishing.push(run);
    finished.push({ ...row, finishing: true });
    outcomes.push({ outcome: "finished" });
  }
  const changed = await finishRuns(tx, automationId, finishing);
  if (changed.size !== finishing.length) throw new Error("a run changed under the automation's lock");
  return { outcomes, finished };
}
