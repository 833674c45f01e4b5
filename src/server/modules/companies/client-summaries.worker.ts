import { startPeriodicJob, type PeriodicJob } from "../../lib/periodic-job";
import { refreshClientSummaries } from "./client-summaries.service";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";

export type ClientSummaryRefresher = PeriodicJob;

/** Refreshes the clients table's figures once at start, then every `intervalMs`, in the background. */
export function startClientSummaryRefresher(options: {
  db: Database;
  log: Logger;
  intervalMs: number;
}): ClientSummaryRefresher {
  const { db, log, intervalMs } = options;
  return startPeriodicJob({
    name: "client figures refresh",
    log,
    intervalMs,
    runAtStart: true,
    pass: async () => {
      const started = performance.now();
      if (await refreshClientSummaries(db))
        log.debug("client figures refreshed", { ms: Math.round(performance.now() - started) });
    },
  });
}
