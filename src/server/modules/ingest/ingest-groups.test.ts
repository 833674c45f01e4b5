import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { automation, automationRun, automationRunDaily, ingestKey } from "../../db/schema/automations";
import { aroundTransactions } from "../../test/around-transactions";
import { registerAutomation, signUpClient, signUpStaff, type SignedIn } from "../../test/fixtures";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { authenticateIngestKey } from "./authenticate-ingest-key.service";
import { finishedAt, PATIENT, run } from "./coalescer-test-runs";
import { createIngestCoalescer } from "./ingest-coalescer";
import type { AppError } from "../../lib/app-error";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: SignedIn;
let client: SignedIn;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await signUpStaff(t, "ops@agency.test");
  client = await signUpClient(t, "bo@beta.test", "Beta");
}, 180_000);
afterAll(() => t.close());

describe("reports of several automations arriving together", () => {
  test("go in one transaction; a revoked key and a key over its rate are refused, the others stored", async () => {
    const [a, b, c] = [
      await registerAutomation(t, staff, client.companyId!),
      await registerAutomation(t, staff, client.companyId!),
      await registerAutomation(t, staff, client.companyId!),
    ];
    const [ca, cb, cc] = [
      (await authenticateIngestKey(t.db, a.key))!,
      (await authenticateIngestKey(t.db, b.key))!,
      (await authenticateIngestKey(t.db, c.key))!,
    ];
    await t.db.update(ingestKey).set({ revokedAt: new Date() }).where(eq(ingestKey.id, c.keyId));
    const { db, calls } = aroundTransactions(t.db);
    const ingest = createIngestCoalescer(db, { links: t.mailLinks, rate: { window: 60, max: 2 }, heldUpMs: PATIENT });
    const answers = await Promise.allSettled([
      ingest({ ctx: ca, runs: [run("a1", "success")] }),
      ingest({ ctx: ca, runs: [run("a2", "failed")] }),
      ingest({ ctx: cb, runs: [run("b1", "success")] }),
      ingest({ ctx: cc, runs: [run("c1", "success")] }),
      ingest({ ctx: ca, runs: [run("a3", "success")] }),
      ingest({ ctx: cb, runs: [run("b2", "running")] }),
    ]);
    expect(calls()).toBe(2);
    expect(answers.map((answer) => answer.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
    ]);
    const refusal = (i: number) => (answers[i] as PromiseRejectedResult).reason as AppError;
    expect(refusal(3)).toMatchObject({ code: "UNAUTHORIZED" });
    expect(refusal(4)).toMatchObject({ code: "RATE_LIMITED" });
    expect(refusal(4).options.retryAfterSeconds).toBeGreaterThan(0);
    const stored = await t.db
      .select({ automationId: automationRun.automationId, externalId: automationRun.externalId })
      .from(automationRun)
      .where(inArray(automationRun.automationId, [a.id, b.id, c.id]));
    expect(stored.map((row) => row.externalId).sort()).toEqual(["a1", "a2", "b1", "b2"]);
    const days = await t.db
      .select()
      .from(automationRunDaily)
      .where(inArray(automationRunDaily.automationId, [a.id, b.id]));
    const day = (id: string) => days.find((row) => row.automationId === id);
    expect(day(a.id)).toMatchObject({ success: 1, failed: 1, running: 0 });
    expect(day(b.id)).toMatchObject({ success: 1, failed: 0, running: 1 });
    const [health] = await t.db.select().from(automation).where(eq(automation.id, b.id));
    expect(health).toMatchObject({ lastRunStatus: expect.any(String), consecutiveFailures: 0 });
  });

  test("a group held up lets the next automation's reports go beside it, in order per automation", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const b = await registerAutomation(t, staff, client.companyId!);
    const [ca, cb] = [(await authenticateIngestKey(t.db, a.key))!, (await authenticateIngestKey(t.db, b.key))!];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first group waits (as behind another transaction's lock) until released.
    const { db: slow } = aroundTransactions(t.db, async (call, begin) => {
      if (call === 1) await gate;
      return begin();
    });
    const ingest = createIngestCoalescer(slow, { links: t.mailLinks, heldUpMs: 50 });
    const heldUp = ingest({ ctx: ca, runs: [run("held", "running")] });
    const behindIt = ingest({ ctx: ca, runs: [run("held", "success", { finishedAt })] });
    const other = await ingest({ ctx: cb, runs: [run("free", "success")] });
    expect(other.accepted).toBe(1);
    release();
    expect((await heldUp).results[0]!.outcome).toBe("stored");
    expect((await behindIt).results[0]!.outcome).toBe("finished");
  });
});
