import { MAX_BATCH_RUNS } from "../../../shared/automations";
import { ingestRuns, type IngestOptions, type IngestResult, type ReportedRun } from "./ingest.service";
import type { IngestContext } from "./authenticate-ingest-key.service";
import type { Database } from "../../db/client";

interface Waiting {
  ctx: IngestContext;
  runs: ReportedRun[];
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

/** One request's share of a transaction's result: its own runs' outcomes and counts. */
function share(result: IngestResult, offset: number, count: number): IngestResult {
  const results = result.results.slice(offset, offset + count);
  const counted = (outcome: string) => results.filter((run) => run.outcome === outcome).length;
  return {
    received: count,
    accepted: counted("stored"),
    duplicates: counted("duplicate"),
    finished: counted("finished"),
    conflicts: counted("conflict"),
    results,
    mailQueued: result.mailQueued,
  };
}

/**
 * Reports for one key that arrive while a transaction of that key is under way wait for it and
 * then go together, in the order they came, as one transaction (up to a batch's size): the
 * automation row is locked per transaction anyway, so concurrent single runs of one automation
 * cost one lock, one round of statements and one commit instead of one each. Each request gets
 * its own runs' outcomes, exactly as if it had been alone; a report never waits for a timer.
 */
export function createIngestCoalescer(db: Database, options: Omit<IngestOptions, "now">) {
  const queues = new Map<string, Waiting[]>();

  async function drain(keyId: string, queue: Waiting[]) {
    while (queue.length > 0) {
      const group = [queue.shift()!];
      let size = group[0]!.runs.length;
      while (queue.length > 0 && size + queue[0]!.runs.length <= MAX_BATCH_RUNS) {
        size += queue[0]!.runs.length;
        group.push(queue.shift()!);
      }
      try {
        const result = await ingestRuns(
          db,
          group[0]!.ctx,
          group.flatMap((w) => w.runs),
          options,
        );
        let offset = 0;
        for (const waiting of group) {
          waiting.resolve(share(result, offset, waiting.runs.length));
          offset += waiting.runs.length;
        }
      } catch (error) {
        for (const waiting of group) waiting.reject(error);
      }
    }
    queues.delete(keyId);
  }

  return function ingest(ctx: IngestContext, runs: ReportedRun[]): Promise<IngestResult> {
    return new Promise<IngestResult>((resolve, reject) => {
      const queue = queues.get(ctx.keyId);
      if (queue) {
        queue.push({ ctx, runs, resolve, reject });
        return;
      }
      const fresh: Waiting[] = [{ ctx, runs, resolve, reject }];
      queues.set(ctx.keyId, fresh);
      void drain(ctx.keyId, fresh);
    });
  };
}
