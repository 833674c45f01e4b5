import { eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema/mail";
import { conflict, notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { emailColumns, toOutboxEmail } from "./list-emails.service";
import type { TRetryEmailResponse } from "../../../shared/admin";
import type { ActorContext } from "../../context/service-context";

/**
 * Puts an undelivered email back in the queue, due now and with a fresh set of attempts; the
 * audit entry is written with it. Only a message the outbox gave up on can be retried.
 */
export async function retryEmail(ctx: ActorContext, { id }: { id: string }): Promise<TRetryEmailResponse> {
  return ctx.transaction(async (tx) => {
    const [current] = await tx.db.select(emailColumns).from(mailOutbox).where(eq(mailOutbox.id, id)).for("update");
    if (!current) throw notFound("There is no such email.");
    if (current.status !== "failed") {
      throw conflict(
        current.status === "sent"
          ? `The email to ${current.to} was delivered; there is nothing to retry.`
          : `The email to ${current.to} is already waiting to be sent.`,
      );
    }
    const [updated] = await tx.db
      .update(mailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: tx.now, lockedUntil: null })
      .where(eq(mailOutbox.id, id))
      .returning(emailColumns);
    await audit(tx, {
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
