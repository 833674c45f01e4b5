import { startPeriodicJob, type PeriodicJob } from "../../lib/periodic-job";
import { sendDueDigests } from "./send-digests.service";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import type { MailLinks } from "../notifications/mail-links";

/**
 * Looks for due weekly digests every `intervalMs` (and at start): on Monday morning the first
 * pass writes them; later passes, and other instances, find each company's week claimed.
 */
export function startDigestJob(options: {
  db: Database;
  log: Logger;
  links: MailLinks;
  intervalMs: number;
  onMail?: () => void;
}): PeriodicJob {
  const { db, log, links, intervalMs } = options;
  return startPeriodicJob({
    name: "weekly digest",
    log,
    intervalMs,
    runAtStart: true,
    pass: async () => {
      const companies = await sendDueDigests(db, links);
      if (companies > 0) {
        log.info("weekly digests written", { companies });
        options.onMail?.();
      }
    },
  });
}
