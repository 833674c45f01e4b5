import { isDatabaseUnavailable } from "../../db/database-unavailable";
import { refreshClientSummaries } from "./client-summaries.service";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";

export interface ClientSummaryRefresher {
  stop: () => Promise<void>;
}

/**
 * Refreshes the clients table's figures once at start, then every `intervalMs`, in the
 * background. A failed refresh (the database away, say) is logged and the next one tries
 * again; one never overlaps the next; the timer never keeps the process alive.
 */
export function startClientSummaryRefresher(options: {
  db: Database;
  log: Logger;
  intervalMs: number;
}): ClientSummaryRefresher {
  const { db, log, intervalMs } = options;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    const started = performance.now();
    running = refreshClientSummaries(db)
      .then(() => log.debug("client figures refreshed", { ms: Math.round(performance.now() - started) }))
      .catch((error: unknown) => {
        if (stopped) return;
        if (isDatabaseUnavailable(error))
          log.warn("client figures not refreshed: the database is unavailable; trying again at the next interval");
        else log.error("client figures refresh failed", { err: error });
      })
      .finally(() => {
        running = undefined;
      });
  };
  tick();
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
