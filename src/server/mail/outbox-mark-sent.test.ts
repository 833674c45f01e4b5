import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { enqueueMail } from "./outbox";
import { content, createTestMailer, fakeTransport, manualClock, outboxRowsTo } from "./outbox-test-kit";
import type { Database } from "../db/client";

// The mail has gone, then the write that records it fails (a database restart, a dropped
// connection): the message must not be mailed again for that.
let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

/**
 * The test's database, except that while `failing` is set, the write that marks a message sent
 * fails as a dropped connection does (`onFailure` is told of each).
 */
function databaseLosingSentWrites(db: Database, onFailure: () => void = () => {}) {
  const control = { failing: true, failures: 0 };
  const bound = (target: object, key: string | symbol) => {
    const value: unknown = Reflect.get(target, key);
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  };
  const wrapped = new Proxy(db, {
    get: (target, key) =>
      key !== "update"
        ? bound(target, key)
        : (table: Parameters<Database["update"]>[0]) =>
            new Proxy(target.update(table), {
              get: (builder, builderKey) =>
                builderKey !== "set"
                  ? bound(builder, builderKey)
                  : (values: { status?: string }) => {
                      if (values.status !== "sent" || !control.failing) return builder.set(values);
                      control.failures += 1;
                      onFailure();
                      return { where: () => Promise.reject(new Error("Connection terminated unexpectedly")) };
                    },
            }),
  });
  return { db: wrapped, control };
}

describe("the outbox, when recording a sent message fails", () => {
  test("tries the record again and does not send the message twice", async () => {
    const transport = fakeTransport();
    const clock = manualClock();
    const { db, control } = databaseLosingSentWrites(t.db, () => {
      // The database is back after the first failure.
      control.failing = false;
    });
    const mailer = createTestMailer(db, transport, { clock: clock.now, tuning: { markSentRetryMs: 1 } });
    await enqueueMail(t.db, "once-only@example.com", content(1));

    expect(await mailer.deliverDue()).toBe(1);
    expect(control.failures).toBe(1);
    const [row] = await outboxRowsTo(t.db, "once-only@");
    expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });

    // A day later, nothing is due: the message went once.
    clock.advance(86_400_000);
    expect(await mailer.deliverDue()).toBe(0);
    expect(transport.sent.filter((mail) => mail.to === "once-only@example.com")).toHaveLength(1);
  });

  test("given up when its lease ends, the message goes again later with the same Message-ID", async () => {
    const transport = fakeTransport();
    const clock = manualClock();
    // Each failed try costs a minute of the lease.
    const { db, control } = databaseLosingSentWrites(t.db, () => clock.advance(60_000));
    const mailer = createTestMailer(db, transport, { clock: clock.now, tuning: { markSentRetryMs: 1 } });
    await enqueueMail(t.db, "twice@example.com", content(1));

    expect(await mailer.deliverDue()).toBe(1);
    expect(control.failures).toBeGreaterThan(1);
    // Not taken for a failed send: no error recorded, no attempt counted, still leased.
    const [held] = await outboxRowsTo(t.db, "twice@");
    expect(held).toMatchObject({ status: "pending", attempts: 0, lastError: null, lockedUntil: expect.any(Date) });

    control.failing = false;
    clock.set(new Date(held!.lockedUntil!.getTime() + 1));
    expect(await mailer.deliverDue()).toBe(1);
    const sent = transport.sent.filter((mail) => mail.to === "twice@example.com");
    expect(sent).toHaveLength(2);
    expect(sent[1]!.messageId).toBe(sent[0]!.messageId);
    expect((await outboxRowsTo(t.db, "twice@"))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });
});
