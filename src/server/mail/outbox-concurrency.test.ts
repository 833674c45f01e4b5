import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox } from "../db/schema/mail";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { backoffMs, enqueueMail, type MailerOptions } from "./outbox";
import { content, createTestMailer, fakeTransport, manualClock, outboxRowsTo } from "./outbox-test-kit";
import type { MailTransport } from "./transport";

/** The outbox under concurrency: leases, parallel sends and timeouts. */
let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const mailerWith = (transport: MailTransport, extra: Partial<MailerOptions> = {}) =>
  createTestMailer(t.db, transport, extra);
const rowsTo = (prefix: string) => outboxRowsTo(t.db, prefix);

describe("the outbox", () => {
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
});
