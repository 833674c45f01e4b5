import { DATABASE_TROUBLE_LOG, databaseTrouble } from "../db/database-unavailable";
import type { Logger } from "./logger";

export interface PeriodicJob {
  /** Stops the timer, tells a pass under way to end early (its signal) and waits for it. */
  stop: () => Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` in the background (and once at start with `runAtStart`). Passes
 * never overlap; a failed pass is logged (a warning when the database is away) and the next one
 * tries again; the timer never keeps the process alive. With several instances, each job's
 * services make the work happen once (locks, unique keys, conditional claims).
 */
export function startPeriodicJob(options: {
  /** What the job does, as the log says it: "client figures refresh". */
  name: string;
  log: Logger;
  intervalMs: number;
  runAtStart?: boolean;
  /** A long pass checks `stopping` between steps, so that a shutdown does not wait for all of it. */
  pass: (stopping: AbortSignal) => Promise<void>;
}): PeriodicJob {
  const { name, log, intervalMs, pass } = options;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const stopping = new AbortController();
  const tick = () => {
    if (stopped || running) return;
    running = pass(stopping.signal)
      .catch((error: unknown) => {
        if (stopped) return;
        const trouble = databaseTrouble(error);
        if (trouble) log.warn(`${name} skipped: ${DATABASE_TROUBLE_LOG[trouble]}; trying again at the next interval`);
        else log.error(`${name} failed`, { err: error });
      })
      .finally(() => {
        running = undefined;
      });
  };
  if (options.runAtStart) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
