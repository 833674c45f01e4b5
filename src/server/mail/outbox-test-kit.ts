import { like } from "drizzle-orm";
import { mailOutbox } from "../db/schema/mail";
import { silentLogger } from "../lib/logger";
import { createMailer, type MailerOptions } from "./outbox";
import type { MailContent } from "./layout";
import type { MailTransport, OutgoingMail } from "./transport";
import type { Database } from "../db/client";

/** Helpers shared by the outbox tests. */
export const FROM = "Cogwork <no-reply@cogwork.test>";
export const content = (n: number): MailContent => ({
  kind: "test",
  subject: `Message ${n}`,
  text: `Text ${n}`,
  html: `<p>Text ${n}</p>`,
});

/** A transport that records what it sends and fails while `failing` is set. */
export function fakeTransport(options: { delayMs?: number } = {}) {
  const sent: OutgoingMail[] = [];
  const transport = {
    kind: "console" as const,
    failing: false,
    closed: false,
    sent,
    send: async (mail: OutgoingMail) => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (transport.failing) throw new Error("SMTP 421 service not available");
      sent.push(mail);
    },
    close: () => {
      transport.closed = true;
    },
  };
  return transport satisfies MailTransport;
}
/** A clock the test moves on by hand, shared by the worker and its fake transport; a second ahead, so what the test enqueues is due. */
export function manualClock(start = Date.now() + 1_000) {
  let time = start;
  return {
    now: () => new Date(time),
    set: (date: Date) => void (time = date.getTime()),
    advance: (ms: number) => void (time += ms),
  };
}
export const createTestMailer = (db: Database, transport: MailTransport, extra: Partial<MailerOptions> = {}) =>
  createMailer({ db, transport, from: FROM, log: silentLogger, ...extra });

export const outboxRowsTo = (db: Database, prefix: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.to, `${prefix}%`));
