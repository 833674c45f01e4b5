import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox } from "../db/schema/mail";
import { silentLogger } from "../lib/logger";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { MAX_ATTEMPTS, backoffMs, createMailer, enqueueMail, type MailerOptions } from "./outbox";
import type { MailContent } from "./templates";
import type { MailTransport, OutgoingMail } from "./transport";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const FROM = "Cogwork <no-reply@cogwork.test>";
const content = (n: number): MailContent => ({
  kind: "test",
  subject: `Message ${n}`,
  text: `Text ${n}`,
  html: `<p>Text ${n}</p>`,
});

/** A transport that records what it sends and fails while `failing` is set. */
function fakeTransport(options: { delayMs?: number } = {}) {
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
function manualClock(start = Date.now() + 1_000) {
  let time = start;
  return {
    now: () => new Date(time),
    set: (date: Date) => void (time = date.getTime()),
    advance: (ms: number) => void (time += ms),
  };
}

const mailerWith = (transport: MailTransport, extra: Partial<MailerOptions> = {}) =>
  createMailer({ db: t.db, transport, from: FROM, log: silentLogger, ...extra });

const rowsTo = (prefix: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.to, `${prefix}%`));

describe("backoffMs", () => {
  test("doubles from 30 s and stops at one hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) => backoffMs(attempts))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(backoffMs(0)).toBe(30_000);
  });
});

describe("the outbox", () => {
  test("delivers what is due, once, and marks it sent", async () => {
    const transport = fakeTransport();
    const mailer = mailerWith(transport);
    for (let n = 1; n <= 3; n++) await enqueueMail(t.db, `deliver-${n}@example.com`, content(n));

    expect(await mailer.deliverDue()).toBe(3);
    expect(transport.sent.map((m) => m.subject).sort()).toEqual(["Message 1", "Message 2", "Message 3"]);
    expect(transport.sent.find((m) => m.to === "deliver-1@example.com")).toEqual({
      from: FROM,
      to: "deliver-1@example.com",
      subject: "Message 1",
      text: "Text 1",
      html: "<p>Text 1</p>",
      messageId: expect.stringMatching(/^<[0-9a-f-]{36}@cogwork\.test>$/),
    });
    for (const row of await rowsTo("deliver-")) {
      expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    expect(await mailer.deliverDue()).toBe(0);
    expect(transport.sent).toHaveLength(3);
  });

  test("does not send mail before it is due", async () => {
    const clock = manualClock();
    const mailer = mailerWith(fakeTransport(), { clock: clock.now });
    await enqueueMail(t.db, "later@example.com", content(1));
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(clock.now().getTime() + 3_600_000) })
      .where(eq(mailOutbox.to, "later@example.com"));
    expect(await mailer.deliverDue()).toBe(0);
    clock.advance(3_600_001);
    expect(await mailer.deliverDue()).toBe(1);
  });

  test("retries a failing transport with backoff, then gives up after MAX_ATTEMPTS", async () => {
    const transport = fakeTransport();
    transport.failing = true;
    const clock = manualClock();
    const mailer = mailerWith(transport, { clock: clock.now });
    await enqueueMail(t.db, "flaky@example.com", content(1));
    const row = async () => (await rowsTo("flaky@"))[0]!;

    expect(await mailer.deliverDue()).toBe(1);
    expect(await row()).toMatchObject({
      status: "pending",
      attempts: 1,
      lockedUntil: null,
      lastError: "SMTP 421 service not available",
    });
    expect((await row()).nextAttemptAt.getTime()).toBe(clock.now().getTime() + 30_000);

    // Not again before the backoff has passed.
    clock.advance(29_000);
    expect(await mailer.deliverDue()).toBe(0);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock.set((await row()).nextAttemptAt);
      expect(await mailer.deliverDue()).toBe(1);
      const current = await row();
      expect(current.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(current.status).toBe("pending");
        expect(current.nextAttemptAt.getTime() - clock.now().getTime()).toBe(backoffMs(attempt));
      }
    }
    expect(await row()).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });

    // Given up: not tried again even when the transport works again.
    transport.failing = false;
    clock.advance(365 * 24 * 3_600_000);
    expect(await mailer.deliverDue()).toBe(0);
    expect(transport.sent.filter((m) => m.to === "flaky@example.com")).toHaveLength(0);
  });

  test("a message that failed once goes out when the transport recovers", async () => {
    const transport = fakeTransport();
    transport.failing = true;
    const clock = manualClock();
    const mailer = mailerWith(transport, { clock: clock.now });
    await enqueueMail(t.db, "recover@example.com", content(1));
    await mailer.deliverDue();
    transport.failing = false;
    clock.advance(30_000);
    expect(await mailer.deliverDue()).toBe(1);
    expect((await rowsTo("recover@"))[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  test("a message claimed by a worker that died is taken up again after its lease", async () => {
    const transport = fakeTransport();
    const clock = manualClock();
    const mailer = mailerWith(transport, { clock: clock.now });
    await enqueueMail(t.db, "leased@example.com", content(1));
    await t.db
      .update(mailOutbox)
      .set({ lockedUntil: new Date(clock.now().getTime() + 60_000) })
      .where(eq(mailOutbox.to, "leased@example.com"));
    expect(await mailer.deliverDue()).toBe(0);
    clock.advance(60_001);
    expect(await mailer.deliverDue()).toBe(1);
    expect(transport.sent.map((m) => m.to)).toEqual(["leased@example.com"]);
  });

  test("never sends one message twice when deliverDue runs concurrently, in one or several instances", async () => {
    const transport = fakeTransport({ delayMs: 5 });
    const instances = [1, 2, 3].map(() => mailerWith(transport));
    const total = 35;
    for (let n = 1; n <= total; n++) await enqueueMail(t.db, `concurrent-${n}@example.com`, content(n));

    for (let round = 0; round < 10; round++) {
      const attempted = await Promise.all([...instances, ...instances].map((mailer) => mailer.deliverDue()));
      if (attempted.every((count) => count === 0)) break;
    }
    const sentTo = transport.sent.map((m) => m.to).filter((to) => to.startsWith("concurrent-"));
    expect(new Set(sentTo).size).toBe(total);
    expect(sentTo).toHaveLength(total);
    expect((await rowsTo("concurrent-")).every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  test("counts the next attempt from the failure, not from the claim: a slow failure is not due again at once", async () => {
    const clock = manualClock();
    const slowFailure: MailTransport = {
      kind: "smtp",
      send: async () => {
        clock.advance(45_000);
        throw new Error("Greeting never received");
      },
      close: () => {},
    };
    await enqueueMail(t.db, "slow-failure@example.com", content(1));
    expect(await mailerWith(slowFailure, { clock: clock.now }).deliverDue()).toBe(1);
    const [row] = await rowsTo("slow-failure@");
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + backoffMs(1));
  });

  test("sends a few messages at once, never more than its concurrency", async () => {
    let inFlight = 0;
    let most = 0;
    const sent: string[] = [];
    const slow: MailTransport = {
      kind: "smtp",
      send: async (mail) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 30));
        inFlight--;
        sent.push(mail.to);
      },
      close: () => {},
    };
    for (let n = 1; n <= 10; n++) await enqueueMail(t.db, `parallel-${n}@example.com`, content(n));
    expect(await mailerWith(slow, { tuning: { concurrency: 4 } }).deliverDue()).toBe(10);
    expect(most).toBe(4);
    expect(new Set(sent).size).toBe(10);
  });

  test("gives up on a send that never answers after the send timeout, and retries it later", async () => {
    const silent: MailTransport = {
      kind: "smtp",
      send: (_mail, signal) =>
        new Promise((_resolve, reject) => signal?.addEventListener("abort", () => reject(new Error("send timed out")))),
      close: () => {},
    };
    await enqueueMail(t.db, "silent@example.com", content(1));
    const started = Date.now();
    expect(await mailerWith(silent, { tuning: { sendTimeoutMs: 200 } }).deliverDue()).toBe(1);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await rowsTo("silent@"))[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      lockedUntil: null,
      lastError: "send timed out",
    });
  });

  test("a batch keeps its lease for as long as its sends may take, so a second worker never sends it again", async () => {
    const clock = manualClock();
    const sent: string[] = [];
    const tuning = { concurrency: 1, sendTimeoutMs: 45_000 };
    const second = mailerWith(
      { kind: "smtp", send: async (mail) => void sent.push(mail.to), close: () => {} },
      { clock: clock.now, tuning },
    );
    const claimedAt = clock.now().getTime();
    let leasedFor = 0;
    // Each send takes 40 s (under the send timeout); halfway through the batch another worker looks.
    const slow: MailTransport = {
      kind: "smtp",
      send: async (mail) => {
        if (!leasedFor) leasedFor = (await rowsTo("lease-3@"))[0]!.lockedUntil!.getTime() - claimedAt;
        clock.advance(40_000);
        sent.push(mail.to);
        if (mail.to === "lease-2@example.com") await second.deliverDue();
      },
      close: () => {},
    };
    for (let n = 1; n <= 3; n++) await enqueueMail(t.db, `lease-${n}@example.com`, content(n));
    expect(await mailerWith(slow, { clock: clock.now, tuning }).deliverDue()).toBe(3);
    expect(leasedFor).toBeGreaterThanOrEqual(3 * tuning.sendTimeoutMs);
    expect(sent.filter((to) => to.startsWith("lease-")).sort()).toEqual([
      "lease-1@example.com",
      "lease-2@example.com",
      "lease-3@example.com",
    ]);
  });

  test("the worker delivers in the background after a nudge and stops cleanly", async () => {
    const transport = fakeTransport();
    const mailer = mailerWith(transport);
    mailer.start();
    await enqueueMail(t.db, "background@example.com", content(1));
    mailer.nudge();
    await expect
      .poll(() => transport.sent.some((m) => m.to === "background@example.com"), { timeout: 5_000 })
      .toBe(true);
    await mailer.stop();
    expect(transport.closed).toBe(true);
    await enqueueMail(t.db, "after-stop@example.com", content(2));
    mailer.nudge();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.sent.some((m) => m.to === "after-stop@example.com")).toBe(false);
  });
});
