import { eq } from "drizzle-orm";
import { mailOutbox } from "../db/schema/mail";
import { backoffMs, MAX_ATTEMPTS, type MailerTuning } from "./outbox";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";

/** The "sent" write is given up this long before the lease ends, so that it never races a new claim. */
const LEASE_SAFETY_MS = 5_000;

type OutboxRow = typeof mailOutbox.$inferSelect;

/** What the outbox worker writes after each send: sent, or failed and when to try again. */
export function outboxRecords(deps: {
  db: Database;
  log: Logger;
  clock: () => Date;
  tuning: Pick<MailerTuning, "markSentRetryMs" | "retryBaseMs">;
  /** The worker is stopping: a "sent" write still failing is given up at once. */
  stopping: () => boolean;
}) {
  const { db, log, clock, tuning, stopping } = deps;

  /**
   * The mail has gone; only the record of it may fail now (a database restart, a dropped
   * connection). That is not a failed send: retrying it would mail the message again. The write
   * is tried again until shortly before the lease ends; given up, the lease runs out and the
   * message goes again, with the same Message-ID, so the receiver's client shows it once.
   */
  async function sent(message: OutboxRow, attempts: number): Promise<void> {
    const leaseEnd = (message.lockedUntil ?? clock()).getTime() - LEASE_SAFETY_MS;
    for (let wait = tuning.markSentRetryMs; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        await db
          .update(mailOutbox)
          .set({ status: "sent", sentAt: clock(), attempts, lockedUntil: null, lastError: null })
          .where(eq(mailOutbox.id, message.id));
        return;
      } catch (error) {
        if (stopping() || clock().getTime() + wait >= leaseEnd) {
          log.error("mail sent, but recording it failed; it goes again when its lease ends, with the same Message-ID", {
            to: message.to,
            messageId: message.id,
            err: error,
          });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async function failed(message: OutboxRow, attempts: number, error: unknown) {
    // The next attempt counts from the failure, not from the claim: a send that took its
    // whole timeout must not be due again the moment it gives up.
    const failedAt = clock();
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = attempts >= MAX_ATTEMPTS;
    const retryAt = new Date(failedAt.getTime() + backoffMs(attempts, tuning.retryBaseMs));
    log.warn("mail delivery failed", {
      to: message.to,
      attempt: attempts,
      giveUp,
      retryAt: giveUp ? undefined : retryAt,
      error: reason,
    });
    // Should this write fail too, the lease runs out and the message is tried again: it was not sent.
    await db
      .update(mailOutbox)
      .set({
        status: giveUp ? "failed" : "pending",
        attempts,
        lockedUntil: null,
        lastError: reason.slice(0, 1000),
        nextAttemptAt: retryAt,
      })
      .where(eq(mailOutbox.id, message.id));
  }

  return { sent, failed };
}
