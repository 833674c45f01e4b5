import { like } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { mailOutbox } from "../src/server/db/schema/mail";
import { backoffMs, createMailer, enqueueMail, type Mailer, type MailerTuning } from "../src/server/mail/outbox";
import { smtpTransport, type MailTransport } from "../src/server/mail/transport";
import { createTestRuntime, type TestRuntime } from "../src/server/test/test-runtime";
import { faultySmtpServer } from "./faulty-smtp-server";
import type { Logger } from "../src/server/lib/logger";

// Short timeouts so the whole outage fits in seconds; the production ones are 10 s / 10 s / 20 s and 60 s.
const SMTP_TIMEOUTS = { connectionTimeout: 1_000, greetingTimeout: 1_000, socketTimeout: 2_000 };
const TUNING: MailerTuning = {
  concurrency: 4,
  sendTimeoutMs: 3_000,
  retryBaseMs: 1_000,
  pollMs: 200,
  markSentRetryMs: 100,
};
const MESSAGES = 20;
const REFUSING_MS = 3_000;
const SILENT_MS = 4_000;

interface Failure {
  to: string;
  attempt: number;
  retryAt: number;
  loggedAt: number;
  error: string;
}

let t: TestRuntime;
const smtp = faultySmtpServer(4551);
const failures: Failure[] = [];
let maxStallMs = 0;

/** Keeps what the worker reports about each failed send, and when it reported it. */
const recordingLog: Logger = {
  debug: () => {},
  info: () => {},
  error: () => {},
  warn: (_message, extra) => {
    const fields = extra as { to: string; attempt: number; retryAt?: Date; error: string };
    if (fields.retryAt)
      failures.push({
        to: fields.to,
        attempt: fields.attempt,
        retryAt: fields.retryAt.getTime(),
        loggedAt: Date.now(),
        error: fields.error,
      });
  },
};

/** The real SMTP transport, timed: the longest single send is the longest a worker lane was stuck. */
function timedSmtp(): MailTransport {
  const inner = smtpTransport(smtp.url, SMTP_TIMEOUTS);
  return {
    kind: "smtp",
    send: async (mail, signal) => {
      const started = performance.now();
      try {
        await inner.send(mail, signal);
      } finally {
        maxStallMs = Math.max(maxStallMs, performance.now() - started);
      }
    },
    close: inner.close,
  };
}

beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(async () => {
  await smtp.close();
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("mail survives an SMTP server that refuses, then hangs: every message delivered once, retries counted from the failure", async () => {
  // Two workers on one outbox, as two server instances would run.
  const workers: Mailer[] = [1, 2].map(() =>
    createMailer({
      db: t.db,
      transport: timedSmtp(),
      from: "Cogwork <no-reply@cogwork.test>",
      log: recordingLog,
      tuning: TUNING,
    }),
  );
  for (let n = 1; n <= MESSAGES; n++) {
    await enqueueMail(t.db, `smtp-fault-${n}@example.com`, {
      kind: "test",
      subject: `Fault ${n}`,
      text: `Message ${n}`,
      html: `<p>Message ${n}</p>`,
    });
  }
  const rows = () => t.db.select().from(mailOutbox).where(like(mailOutbox.to, "smtp-fault-%"));

  await smtp.switchTo("refusing");
  for (const worker of workers) worker.start();
  await sleep(REFUSING_MS);
  await smtp.switchTo("silent");
  await sleep(SILENT_MS);
  await smtp.switchTo("normal");
  const recovered = Date.now();
  await expect
    .poll(async () => (await rows()).filter((row) => row.status === "sent").length, { timeout: 60_000, interval: 250 })
    .toBe(MESSAGES);
  const drainedMs = Date.now() - recovered;
  await Promise.all(workers.map((worker) => worker.stop()));

  // Exactly once, counted by the Message-ID the server received (one per outbox row, stable across retries).
  const outbox = await rows();
  const expectedIds = outbox.map((row) => `<${row.id}@cogwork.test>`).sort();
  expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(expectedIds);
  expect(outbox.every((row) => row.status === "sent" && row.attempts >= 2)).toBe(true);

  // Both faults were met, and each cost a worker lane no more than the timeouts.
  expect(failures.some((failure) => /ECONNREFUSED/.test(failure.error))).toBe(true);
  expect(failures.some((failure) => /greeting/i.test(failure.error))).toBe(true);
  expect(maxStallMs).toBeLessThan(TUNING.sendTimeoutMs + 1_000);

  // The next attempt is due a full backoff after the failure was seen, not after the claim.
  for (const failure of failures) {
    const sinceFailure = failure.retryAt - failure.loggedAt;
    expect(sinceFailure).toBeLessThanOrEqual(backoffMs(failure.attempt, TUNING.retryBaseMs));
    expect(sinceFailure).toBeGreaterThan(backoffMs(failure.attempt, TUNING.retryBaseMs) - 150);
  }

  console.log(
    `reliability: smtp faults — ${MESSAGES} messages, delivered once each after refusing ${REFUSING_MS / 1000}s / silent ${SILENT_MS / 1000}s, ` +
      `max stall ${(maxStallMs / 1000).toFixed(1)} s (${failures.length} failed attempts, drained ${(drainedMs / 1000).toFixed(1)} s after recovery)`,
  );
});
