import { DATABASE_TROUBLE_LOG, databaseTrouble } from "../db/database-unavailable";
import type { Logger } from "./logger";

export interface PeriodicJob {
  /** Stops the timer and waits for a pass under way. */
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
  pass: () => Promise<void>;
}): PeriodicJob {
  const { name, log, intervalMs, pass } = options;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = pass()
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
      clearInterval(timer);
      await running;
    },
  };
}
