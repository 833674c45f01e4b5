import { startPeriodicJob, type PeriodicJob } from "../../lib/periodic-job";
import { runBillingCycle } from "./subscriptions/billing-cycle.service";
import type { BillingSettings } from "./billing-settings";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/outbox";

/**
 * Runs recurring billing at start and every `intervalMs`; several instances are safe (row locks,
 * unique keys and conditional claims in the services).
 */
export function startBillingJob(options: {
  db: Database;
  log: Logger;
  mailer: Mailer;
  settings: BillingSettings;
  intervalMs: number;
}): PeriodicJob {
  const { db, log, mailer, settings, intervalMs } = options;
  return startPeriodicJob({
    name: "billing cycle",
    log,
    intervalMs,
    runAtStart: true,
    pass: async () => {
      const done = await runBillingCycle(db, settings);
      if (done.renewed + done.reminders + done.notices > 0) {
        log.info("billing cycle", done);
        mailer.nudge();
      }
    },
  });
}
