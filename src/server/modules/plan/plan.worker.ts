import { startPeriodicJob, type PeriodicJob } from "../../lib/periodic-job";
import { sendPendingCommentNotices, sendProposalReminders } from "./plan-mail.service";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/outbox";

/** Every `intervalMs`: the comment notices whose five-minute window has ended, and the five-day proposal reminders. */
export function startPlanWorker(options: {
  db: Database;
  log: Logger;
  mailer: Mailer;
  appUrl: string;
  intervalMs: number;
}): PeriodicJob {
  const { db, log, mailer, appUrl, intervalMs } = options;
  return startPeriodicJob({
    name: "plan mail pass",
    log,
    intervalMs,
    pass: async () => {
      const notices = await sendPendingCommentNotices(db, { appUrl });
      const reminders = await sendProposalReminders(db, { appUrl });
      if (notices + reminders > 0) mailer.nudge();
    },
  });
}
