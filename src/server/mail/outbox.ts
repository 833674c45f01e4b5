import { and, asc, eq, inArray, isNull, lte, or, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema/mail";
import type { Logger } from "../lib/logger";
import type { MailContent } from "./templates";
import type { MailTransport } from "./transport";

export const MAX_ATTEMPTS = 8;
const BATCH = 10;
const LEASE_MS = 60_000;
const POLL_MS = 2_000;

/** 30 s, 1 min, 2 min, … capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Writes a message to the outbox; pass the transaction of the change that caused it. */
export async function enqueueMail(db: Pick<Database, "insert">, to: string, content: MailContent): Promise<void> {
  // Due from this process's clock, the one the worker compares with: the database's now()
  // carries microseconds, and would make a message "not yet due" for the same millisecond.
  await db.insert(mailOutbox).values({ to, ...content, nextAttemptAt: new Date() });
}

export interface Mailer {
  transport: MailTransport;
  /** Delivers what is due now; returns how many messages were attempted. */
  deliverDue: (now?: Date) => Promise<number>;
  /** Asks the worker to look at the outbox soon (after an enqueue). */
  nudge: () => void;
  start: () => void;
  stop: () => Promise<void>;
}

export function createMailer(options: { db: Database; transport: MailTransport; from: string; log: Logger }): Mailer {
  const { db, transport, from, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function claim(now: Date) {
    // SKIP LOCKED plus a lease: several server instances never send one message twice.
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, now),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(mailOutbox.createdAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliverDue(now = new Date()): Promise<number> {
    const batch = await claim(now);
    for (const message of batch) {
      const attempts = message.attempts + 1;
      try {
        await transport.send({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        await db
          .update(mailOutbox)
          .set({ status: "sent", sentAt: new Date(), attempts, lockedUntil: null, lastError: null })
          .where(eq(mailOutbox.id, message.id));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const giveUp = attempts >= MAX_ATTEMPTS;
        log.warn(`mail to ${message.to} failed (attempt ${attempts}${giveUp ? ", giving up" : ""}): ${reason}`);
        await db
          .update(mailOutbox)
          .set({
            status: giveUp ? "failed" : "pending",
            attempts,
            lockedUntil: null,
            lastError: reason.slice(0, 1000),
            nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
          })
          .where(eq(mailOutbox.id, message.id));
      }
    }
    return batch.length;
  }

  function tick() {
    if (stopped || running) return;
    running = deliverDue()
      .then((count) => {
        running = undefined;
        // A full batch means more may be waiting.
        if (count === BATCH) setImmediate(tick);
      })
      .catch((error: unknown) => {
        running = undefined;
        if (!stopped) log.error("mail outbox worker failed", error);
      });
  }

  return {
    transport,
    deliverDue,
    nudge: () => {
      if (!stopped) setImmediate(tick);
    },
    start: () => {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(tick, POLL_MS);
      timer.unref();
      setImmediate(tick);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
