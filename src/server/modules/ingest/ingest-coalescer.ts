import { MAX_BATCH_RUNS } from "../../../shared/automations";
import { databaseTrouble } from "../../db/database-unavailable";
import { AppError } from "../../lib/app-error";
import { tooManyMessage } from "../../security/rate-limit";
import { createRefusalCache } from "../../security/refusal-cache";
import { ingestReports, type IngestOptions, type IngestReport, type IngestResult } from "./ingest.service";
import type { ServiceContext } from "../../context/service-context";

interface Waiting extends IngestReport {
  /** The context of the request that brought the report. */
  context: ServiceContext;
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

/** A group still under way after this long is held up (by a lock): another may start beside it. */
const HELD_UP_MS = 100;
const MOST_GROUPS_AT_ONCE = 4;
/** Reports one instance lets wait; past it, a 503 asks the platform to try again in a second. */
const MOST_WAITING = 10_000;

const rateLimited = (retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", tooManyMessage(retryAfterSeconds), { retryAfterSeconds });
const queueFull = () =>
  new AppError("UNAVAILABLE", "Too many runs are being reported right now. Please try again in a second.", {
    retryAfterSeconds: 1,
  });

/**
 * Reports that arrive while an ingest transaction is under way wait for it and then go together,
 * in the order they came, as one transaction of up to a batch's size whatever their keys: one
 * round of statements and one commit instead of one each, which is what lets many platforms
 * report single runs at once. One group runs at a time; each group held up for HELD_UP_MS (say by
 * a time zone change rebuilding its company's rollup) lets one more start beside it, so it does
 * not hold up the others. Never are two groups for one automation under way, so each
 * automation's reports apply in the order they came. Each request gets
 * its own answer (its runs' outcomes, or its 401 or 429) exactly as if it had been alone, and a
 * report never waits for a timer. If a group's transaction fails, nothing of it was written:
 * each of its reports is then tried alone, so one report's failure is only its own (unless the
 * database is away: then each gets the 503 at once).
 */
export function createIngestCoalescer({ heldUpMs = HELD_UP_MS, ...options }: IngestOptions & { heldUpMs?: number }) {
  const queue: Waiting[] = [];
  const refusals = createRefusalCache();
  const busy = new Set<string>();
  let running = 0;
  let heldUp = 0;

  async function run(group: Waiting[]) {
    let late = false;
    const watch = setTimeout(() => {
      late = true;
      heldUp += 1;
      pump();
    }, heldUpMs);
    watch.unref();
    try {
      await settle(group, options);
    } catch (error) {
      // With the database away, trying each report again would only make each wait its turn.
      if (group.length === 1 || databaseTrouble(error)) for (const waiting of group) waiting.reject(error);
      else for (const waiting of group) await settle([waiting], options).catch(waiting.reject);
    } finally {
      clearTimeout(watch);
      if (late) heldUp -= 1;
      running -= 1;
      for (const report of group) busy.delete(report.ctx.automationId);
      pump();
    }
  }

  function pump() {
    while (running < Math.min(1 + heldUp, MOST_GROUPS_AT_ONCE) && queue.length > 0) {
      const group = takeGroup(queue, busy);
      if (group.length === 0) return;
      running += 1;
      void run(group);
    }
  }

  return function ingest(context: ServiceContext, report: IngestReport): Promise<IngestResult> {
    // A key over its rate is answered from memory until its window ends: it takes no place in a group.
    const wait = refusals.retryAfter(report.ctx.keyId);
    if (wait !== undefined) return Promise.reject(rateLimited(wait));
    if (queue.length >= MOST_WAITING) return Promise.reject(queueFull());
    return new Promise<IngestResult>((resolve, reject) => {
      queue.push({
        ...report,
        context,
        resolve,
        reject: (error) => {
          if (error instanceof AppError && error.code === "RATE_LIMITED")
            refusals.remember(report.ctx.keyId, error.options.retryAfterSeconds ?? 1);
          reject(error);
        },
      });
      pump();
    });
  };
}

/**
 * The next group, taken out of the queue: the earliest reports whose automations are free, up
 * to a batch's size. Their automations are marked busy.
 */
function takeGroup(queue: Waiting[], busy: Set<string>): Waiting[] {
  const group: Waiting[] = [];
  const passed = new Set<string>();
  let size = 0;
  for (let i = 0; i < queue.length; i++) {
    const report = queue[i]!;
    const automationId = report.ctx.automationId;
    const fits = size + report.runs.length <= MAX_BATCH_RUNS;
    // A report left in the queue keeps its automation's later reports behind it.
    if (busy.has(automationId) || passed.has(automationId) || !fits) {
      passed.add(automationId);
      if (!fits) break;
      continue;
    }
    group.push(report);
    size += report.runs.length;
    queue.splice(i--, 1);
  }
  for (const report of group) busy.add(report.ctx.automationId);
  return group;
}

/**
 * Ingests the group in one transaction and gives each report its own answer. The group's "now"
 * is when its transaction starts, whichever request came first.
 */
async function settle(group: Waiting[], options: IngestOptions) {
  const context = group[0]!.context.with({ now: new Date() });
  const answers = await ingestReports(context, { reports: group, ...options });
  group.forEach((waiting, i) => {
    const answer = answers[i]!;
    if (answer instanceof Error) waiting.reject(answer);
    else waiting.resolve(answer);
  });
}
