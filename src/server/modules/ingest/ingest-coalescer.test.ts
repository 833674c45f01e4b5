import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { automationRun, automationRunDaily } from "../../db/schema/automations";
import { aroundTransactions } from "../../test/around-transactions";
import { postRun, registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { authenticateIngestKey } from "../ingest-keys";
import { coalescerOn, finishedAt, PATIENT, run } from "./coalescer-test-runs";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let client: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  client = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

describe("reports of one automation arriving together", () => {
  test("go in one transaction after the one under way, each answered with its own outcomes", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const ctx = (await authenticateIngestKey(t.db, a.key))!;
    const { db, calls } = aroundTransactions(t.db);
    const ingest = coalescerOn(t, db, { heldUpMs: PATIENT });
    const answers = await Promise.all([
      ingest({ ctx, runs: [run("x", "running")] }),
      ingest({ ctx, runs: [run("y", "success")] }),
      ingest({ ctx, runs: [run("x", "success", { finishedAt })] }),
      ingest({ ctx, runs: [run("x", "failed", { finishedAt })] }),
      ingest({ ctx, runs: [run("y", "success"), run("z", "failed")] }),
    ]);
    // The first goes alone at once; the four that came while it ran go together.
    expect(calls()).toBe(2);
    expect(answers.map((answer) => answer.results.map((r) => r.outcome))).toEqual([
      ["stored"],
      ["stored"],
      ["finished"],
      ["conflict"],
      ["duplicate", "stored"],
    ]);
    expect(answers[3]!.results[0]!.stored).toMatchObject({ status: "success" });
    expect(answers[4]).toMatchObject({ received: 2, accepted: 1, duplicates: 1, finished: 0, conflicts: 0 });
    const rows = await t.db.select().from(automationRun).where(eq(automationRun.automationId, a.id));
    expect(rows.map((r) => [r.externalId, r.status]).sort()).toEqual([
      ["x", "success"],
      ["y", "success"],
      ["z", "failed"],
    ]);
    expect(await t.db.select().from(automationRunDaily).where(eq(automationRunDaily.automationId, a.id))).toMatchObject(
      [{ running: 0, success: 2, failed: 1 }],
    );
  });

  test("many single reports at once over HTTP are each stored once and answered 201", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.request("/api/v1/runs", {
          headers: { authorization: `Bearer ${a.key}` },
          json: run(`r-${i % 30}`, "success"),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(10).fill(200), ...Array(30).fill(201)]);
    const rows = await t.db.select().from(automationRun).where(eq(automationRun.automationId, a.id));
    expect(rows).toHaveLength(30);
  });

  test("a group whose transaction fails is tried report by report, and the next ones go on", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const ctx = (await authenticateIngestKey(t.db, a.key))!;
    // The second transaction (the first group of several) fails before writing anything.
    const { db: failing, calls } = aroundTransactions(t.db, (call, begin) =>
      call === 2 ? Promise.reject(new Error("connection reset")) : begin(),
    );
    const ingest = coalescerOn(t, failing, { heldUpMs: PATIENT });
    const answers = await Promise.all(
      ["first", "second", "third", "fourth"].map((id) => ingest({ ctx, runs: [run(id, "success")] })),
    );
    expect(answers.map((answer) => answer.results[0]!.outcome)).toEqual(["stored", "stored", "stored", "stored"]);
    // One alone, the group of three that failed, then each of the three alone.
    expect(calls()).toBe(5);
    expect((await ingest({ ctx, runs: [run("fifth", "success")] })).accepted).toBe(1);
  });
});

describe("alert mail written by an ingest", () => {
  test("a group's alert wakes the mail worker once, after the group's transaction has committed", async () => {
    const a = await registerAutomation(t, staff, client.companyId!, { name: "Woken in a group", failureThreshold: 2 });
    const ctx = (await authenticateIngestKey(t.db, a.key))!;
    let committed = 0;
    const { db, calls } = aroundTransactions(t.db, (_call, begin) =>
      begin().then((result) => {
        committed += 1;
        return result;
      }),
    );
    const ingest = coalescerOn(t, db, { heldUpMs: PATIENT });
    const woken: number[] = [];
    const nudge = vi.spyOn(t.mailer, "nudge").mockImplementation(() => void woken.push(committed));
    try {
      // The first failure goes alone; the two that came while it ran go together and open the incident.
      await Promise.all([
        ingest({ ctx, runs: [run("f1", "failed")] }),
        ingest({ ctx, runs: [run("f2", "failed")] }),
        ingest({ ctx, runs: [run("f3", "failed")] }),
      ]);
      expect(calls()).toBe(2);
      expect(nudge).toHaveBeenCalledTimes(1);
      expect(woken).toEqual([2]);
    } finally {
      nudge.mockRestore();
    }
    const alerts = (await t.outbox("ann@acme.test")).filter(
      (m) => m.kind === "automation-failing" && m.subject.includes("Woken in a group"),
    );
    expect(alerts).toHaveLength(1);
  });

  test("over HTTP, a report that makes the automation Failing wakes the mail worker", async () => {
    const a = await registerAutomation(t, staff, client.companyId!, { name: "Woken over HTTP", failureThreshold: 1 });
    const nudge = vi.spyOn(t.mailer, "nudge");
    try {
      expect((await postRun(t, a.key, { externalRunId: "http-1", status: "failed" })).status).toBe(201);
      expect(nudge).toHaveBeenCalled();
    } finally {
      nudge.mockRestore();
    }
    const alerts = (await t.outbox("ann@acme.test")).filter(
      (m) => m.kind === "automation-failing" && m.subject.includes("Woken over HTTP"),
    );
    expect(alerts).toHaveLength(1);
  });
});
