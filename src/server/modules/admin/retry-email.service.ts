import { eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema/mail";
import { conflict, notFound } from "../../lib/app-error";
import { recordAudit, type AuditActor } from "../audit/record-audit";
import { emailColumns, toOutboxEmail } from "./list-emails.service";
import type { TRetryEmailResponse } from "../../../shared/admin";
import type { Database } from "../../db/client";

/**
 * Puts an undelivered email back in the queue, due now and with a fresh set of attempts; the
 * audit entry is written with it. Only a message the outbox gave up on can be retried.
 */
export async function retryEmail(
  db: Database,
  actor: AuditActor,
  id: string,
  now = new Date(),
): Promise<TRetryEmailResponse> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select(emailColumns).from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
    if (!current) throw notFound("There is no such email.");
    if (current.status !== "failed") {
      throw conflict(
        current.status === "sent"
          ? `The email to ${current.to} was delivered; there is nothing to retry.`
          : `The email to ${current.to} is already waiting to be sent.`,
      );
    }
    const [updated] = await tx
      .update(mailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null })
      .where(eq(mailOutbox.id, id))
      .returning(emailColumns);
    await recordAudit(tx, actor, {
      action: "email.retried",
      objectType: "email",
      objectId: id,
      summary: `Queued the undelivered email "${current.subject}" to ${current.to} to be sent again`,
      before: { status: current.status, attempts: current.attempts, lastError: current.lastError },
      after: { status: "pending", attempts: 0 },
    });
    return toOutboxEmail(updated!);
  });
}
