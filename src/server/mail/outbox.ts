import { and, asc, count, eq, inArray, isNull, lte, min, or, lt } from "drizzle-orm";
import { mailOutbox } from "../db/schema/mail";
import { resolveAttachments, type AttachmentSources } from "./attachments";
import { outboxRecords } from "./outbox-records";
import type { MailContent } from "./layout";
import type { MailTransport } from "./transport";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";

export const MAX_ATTEMPTS = 8;
const BATCH = 10;

export interface MailerTuning {
  /** Messages sent at once by one worker. */
  concurrency: number;
  /** One send is abandoned (and retried later) after this long, whatever the server does. */
  sendTimeoutMs: number;
  /** The first retry waits this long; each further one twice as long, up to an hour. */
  retryBaseMs: number;
  /** How often the worker looks for due mail without being nudged. */
  pollMs: number;
  /** After a send, the first wait before writing "sent" again when that write failed; doubling, up to 5 s. */
  markSentRetryMs: number;
}

export const DEFAULT_MAILER_TUNING: MailerTuning = {
  concurrency: 4,
  sendTimeoutMs: 60_000,
  retryBaseMs: 30_000,
  pollMs: 2_000,
  markSentRetryMs: 500,
};

/** Time for the database writes around a batch, on top of the sends themselves. */
const LEASE_MARGIN_MS = 30_000;

/** 30 s, 1 min, 2 min, … capped at one hour. */
export function backoffMs(attempts: number, baseMs = DEFAULT_MAILER_TUNING.retryBaseMs): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** How long a claimed batch stays ours: every send of it may run into the send timeout, `concurrency` at a time. */
export function leaseMs(batchSize: number, tuning: Pick<MailerTuning, "concurrency" | "sendTimeoutMs">): number {
  return Math.ceil(batchSize / tuning.concurrency) * tuning.sendTimeoutMs + LEASE_MARGIN_MS;
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
  deliverDue: () => Promise<number>;
  /** Asks the worker to look at the outbox soon (after an enqueue). */
  nudge: () => void;
  start: () => void;
  stop: () => Promise<void>;
}

export interface MailerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  log: Logger;
  tuning?: Partial<MailerTuning>;
  /** Makes the bytes of attachments stored by reference (`{ source, ref }`), by source name. */
  attachmentSources?: AttachmentSources;
  /** The worker's clock (tests move it on by hand). */
  clock?: () => Date;
}

/** The domain of a sender address ("Cogwork <hello@cogwork.test>" → "cogwork.test"), for Message-IDs. */
export const senderDomain = (from: string) => /@([^\s@>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
export function createMailer(options: MailerOptions): Mailer {
  const { db, transport, from, log, clock = () => new Date() } = options;
  const tuning: MailerTuning = { ...DEFAULT_MAILER_TUNING, ...options.tuning };
  // One Message-ID per outbox row, the same on every attempt: a receiver can tell a retry from a new message.
  const domain = senderDomain(from);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let stopping = false;
  const records = outboxRecords({ db, log, clock, tuning, stopping: () => stopping });

  async function deliver(message: typeof mailOutbox.$inferSelect): Promise<void> {
    const attempts = message.attempts + 1;
    try {
      const mail = await outgoingMail(message, { from, domain, sources: options.attachmentSources });
      await transport.send(mail, AbortSignal.timeout(tuning.sendTimeoutMs));
    } catch (error) {
      await records.failed(message, attempts, error);
      return;
    }
    await records.sent(message, attempts);
  }

  async function deliverDue(): Promise<number> {
    const batch = await claimDue(db, clock(), tuning);
    // A few sends at once: one silent server holds up `concurrency` messages, not the whole outbox.
    const queue = [...batch];
    const lane = async () => {
      for (let message = queue.shift(); message; message = queue.shift()) await deliver(message);
    };
    await Promise.all(Array.from({ length: Math.min(tuning.concurrency, batch.length) }, lane));
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
        if (!stopped) log.error("mail outbox worker failed", { err: error });
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
      stopping = false;
      timer = setInterval(tick, tuning.pollMs);
      timer.unref();
      setImmediate(tick);
    },
    stop: async () => {
      stopped = true;
      // A "sent" write still being retried gives up rather than hold up the shutdown.
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}

/**
 * The due messages, leased for the whole batch. SKIP LOCKED plus a lease long enough for the
 * whole batch: several workers never send one message twice.
 */
async function claimDue(db: Database, now: Date, tuning: MailerTuning) {
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
    .set({ lockedUntil: new Date(now.getTime() + leaseMs(BATCH, tuning)) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** An outbox row as the transport sends it: optional headers only when set, attachments resolved. */
async function outgoingMail(
  message: typeof mailOutbox.$inferSelect,
  { from, domain, sources }: { from: string; domain: string; sources?: AttachmentSources },
) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${message.id}@${domain}>`,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
    ...(message.references ? { references: message.references } : {}),
    ...(Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
    ...(message.attachments.length > 0 ? { attachments: await resolveAttachments(message.attachments, sources) } : {}),
  };
}

/** Mail still to be sent, and the age in seconds of the oldest, as of the wall clock (for the metrics). */
export async function outboxBacklog(db: Database): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({ depth: count(), oldest: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "pending"));
  const oldest = row?.oldest ? new Date(row.oldest) : undefined;
  return {
    depth: Number(row?.depth ?? 0),
    oldestAgeSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
  };
}
