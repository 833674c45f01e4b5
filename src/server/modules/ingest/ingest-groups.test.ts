import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { dayOf } from "../../../shared/days";
import { automation, automationRun, automationRunDaily, ingestKey } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { aroundTransactions } from "../../test/around-transactions";
import { registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { authenticateIngestKey } from "../ingest-keys";
import { coalescerOn, finishedAt, PATIENT, run, startedAt } from "./coalescer-test-runs";
import type { AppError } from "../../lib/app-error";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let client: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  client = await givenClient(t, "bo@beta.test", "Beta");
  other = await givenClient(t, "ravi@gamma.test", "Gamma");
}, 180_000);
afterAll(() => t.close());

describe("reports of several automations arriving together", () => {
  test("go in one transaction; a revoked key, a retired automation and a key over its rate are refused, the others stored", async () => {
    const [a, b, c, retired] = [
      await registerAutomation(t, staff, client.companyId!),
      await registerAutomation(t, staff, client.companyId!),
      await registerAutomation(t, staff, client.companyId!),
      await registerAutomation(t, staff, client.companyId!),
    ];
    // Another tenant, in Kolkata: its run counts on its own day, in the same transaction.
    const kolkata = await registerAutomation(t, staff, other.companyId!);
    await t.db.update(company).set({ timeZone: "Asia/Kolkata" }).where(eq(company.id, other.companyId!));
    const keyOf = async (x: { key: string }) => (await authenticateIngestKey(t.db, x.key))!;
    const [ca, cb, cc, cr, ck] = [
      await keyOf(a),
      await keyOf(b),
      await keyOf(c),
      await keyOf(retired),
      await keyOf(kolkata),
    ];
    await t.db.update(ingestKey).set({ revokedAt: new Date() }).where(eq(ingestKey.id, c.keyId));
    await t.db.update(automation).set({ status: "retired" }).where(eq(automation.id, retired.id));
    const { db, calls } = aroundTransactions(t.db);
    const ingest = coalescerOn(t, db, { rate: { window: 60, max: 2 }, heldUpMs: PATIENT });
    const answers = await Promise.allSettled([
      ingest({ ctx: ca, runs: [run("a1", "success")] }),
      ingest({ ctx: ca, runs: [run("a2", "failed")] }),
      ingest({ ctx: cb, runs: [run("b1", "success")] }),
      ingest({ ctx: cc, runs: [run("c1", "success")] }),
      ingest({ ctx: ca, runs: [run("a3", "success")] }),
      ingest({ ctx: cb, runs: [run("b2", "running")] }),
      ingest({ ctx: cr, runs: [run("r1", "success")] }),
      ingest({ ctx: ck, runs: [run("k1", "success")] }),
    ]);
    expect(calls()).toBe(2);
    expect(answers.map((answer) => answer.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    const refusal = (i: number) => (answers[i] as PromiseRejectedResult).reason as AppError;
    expect(refusal(3)).toMatchObject({ code: "UNAUTHORIZED" });
    expect(refusal(4)).toMatchObject({ code: "RATE_LIMITED" });
    expect(refusal(4).options.retryAfterSeconds).toBeGreaterThan(1);
    expect(refusal(6)).toMatchObject({ code: "UNAUTHORIZED" });
    const ids = [a.id, b.id, c.id, retired.id, kolkata.id];
    const stored = await t.db
      .select({ externalId: automationRun.externalId })
      .from(automationRun)
      .where(inArray(automationRun.automationId, ids));
    expect(stored.map((row) => row.externalId).sort()).toEqual(["a1", "a2", "b1", "b2", "k1"]);
    const days = await t.db.select().from(automationRunDaily).where(inArray(automationRunDaily.automationId, ids));
    const day = (id: string) => days.filter((row) => row.automationId === id);
    expect(day(a.id)).toMatchObject([{ success: 1, failed: 1, running: 0 }]);
    expect(day(b.id)).toMatchObject([{ success: 1, failed: 0, running: 1 }]);
    expect(day(kolkata.id)).toMatchObject([{ success: 1, day: dayOf(new Date(startedAt), "Asia/Kolkata") }]);
    const health = await t.db
      .select()
      .from(automation)
      .where(inArray(automation.id, [a.id, b.id]));
    expect(health.find((row) => row.id === a.id)).toMatchObject({ lastRunStatus: "failed", consecutiveFailures: 1 });
    expect(health.find((row) => row.id === b.id)).toMatchObject({ lastRunStatus: "running", consecutiveFailures: 0 });
    // The key over its rate is now answered from memory, without a place in a transaction.
    await expect(ingest({ ctx: ca, runs: [run("a4", "success")] })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(calls()).toBe(2);
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
    const ingest = coalescerOn(t, slow, { heldUpMs: 50 });
    const heldUp = ingest({ ctx: ca, runs: [run("held", "running")] });
    const behindIt = ingest({ ctx: ca, runs: [run("held", "success", { finishedAt })] });
    const other = await ingest({ ctx: cb, runs: [run("free", "success")] });
    expect(other.accepted).toBe(1);
    release();
    expect((await heldUp).results[0]!.outcome).toBe("stored");
    expect((await behindIt).results[0]!.outcome).toBe("finished");
  });
});
