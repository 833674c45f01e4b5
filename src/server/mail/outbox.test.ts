import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox } from "../db/schema/mail";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { MAX_ATTEMPTS, backoffMs, enqueueMail, type MailerOptions } from "./outbox";
import { FROM, content, createTestMailer, fakeTransport, manualClock, outboxRowsTo } from "./outbox-test-kit";
import type { MailTransport } from "./transport";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const mailerWith = (transport: MailTransport, extra: Partial<MailerOptions> = {}) =>
  createTestMailer(t.db, transport, extra);
const rowsTo = (prefix: string) => outboxRowsTo(t.db, prefix);

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

  test("the worker delivers in the background after a nudge and stops cleanly", async () => {
    const transport = fakeTransport();
    const mailer = mailerWith(transport);
    mailer.start();
    await enqueueMail(t.db, "background@example.com", content(1));
    mailer.nudge();
    await expect.poll(() => transport.sent.some((m) => m.to === "background@example.com")).toBe(true);
    await mailer.stop();
    expect(transport.closed).toBe(true);
    await enqueueMail(t.db, "after-stop@example.com", content(2));
    mailer.nudge();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.sent.some((m) => m.to === "after-stop@example.com")).toBe(false);
  });
});
