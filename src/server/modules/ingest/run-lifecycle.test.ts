import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ZReportRunBatchResponse, ZReportRunConflictResponse, ZReportRunResponse } from "../../../shared/automations";
import { automation, automationIncident, automationRun, automationRunDaily } from "../../db/schema/automations";
import { postRun, registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let client: Caller;

beforeAll(async () => {
  t = await createTestRuntime({ INGEST_RATE_LIMIT_PER_MINUTE: "1000" });
  staff = await givenStaff(t, "ops@agency.test");
  client = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

const startedAt = new Date(Date.now() - 60_000).toISOString();
const finishedAt = new Date().toISOString();
const rollup = async (automationId: string) =>
  t.db.select().from(automationRunDaily).where(eq(automationRunDaily.automationId, automationId));
const storedRun = async (automationId: string, externalId: string) =>
  (
    await t.db
      .select()
      .from(automationRun)
      .where(and(eq(automationRun.automationId, automationId), eq(automationRun.externalId, externalId)))
  )[0]!;
const automationRow = async (id: string) => (await t.db.select().from(automation).where(eq(automation.id, id)))[0]!;
const report = (key: string, status: string, extra: Record<string, unknown> = {}) =>
  postRun(t, key, { externalRunId: "exec-7", status, startedAt, ...extra });

describe("a run reported as running, then with its final status", () => {
  test("is stored once, shown in progress, then finished and counted once, when final", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const started = await report(a.key, "running");
    expect(started.status).toBe(201);
    expect(ZReportRunResponse.parse(await started.json())).toMatchObject({ accepted: true, finished: false });
    expect(await automationRow(a.id)).toMatchObject({ lastRunStatus: "running" });
    expect(await rollup(a.id)).toMatchObject([{ running: 1, success: 0, minutesSaved: 0 }]);

    const done = await report(a.key, "success", { finishedAt, itemsProcessed: 12 });
    expect(done.status).toBe(200);
    expect(ZReportRunResponse.parse(await done.json())).toMatchObject({
      accepted: true,
      duplicate: false,
      finished: true,
    });
    expect(await storedRun(a.id, "exec-7")).toMatchObject({ status: "success", itemsProcessed: 12 });
    expect(await automationRow(a.id)).toMatchObject({ lastRunStatus: "success" });
    expect(await rollup(a.id)).toMatchObject([{ running: 0, success: 1, minutesSaved: 6, itemsProcessed: 12 }]);

    const repeat = await report(a.key, "success", { finishedAt, itemsProcessed: 12 });
    expect(repeat.status).toBe(200);
    expect(ZReportRunResponse.parse(await repeat.json())).toMatchObject({ accepted: false, duplicate: true });
    expect(await rollup(a.id)).toMatchObject([{ running: 0, success: 1 }]);
  });

  test("a final status is final: running or another final status afterwards is a 409 with the stored run", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    await report(a.key, "failed", { finishedAt, errorMessage: "The CRM refused the login." });
    for (const status of ["running", "success", "skipped"]) {
      const refused = await report(a.key, status);
      expect(refused.status).toBe(409);
      expect(ZReportRunConflictResponse.parse(await refused.json())).toMatchObject({
        message: "Run exec-7 was already reported as failed; a final status does not change.",
        run: { externalRunId: "exec-7", status: "failed", errorMessage: "The CRM refused the login." },
      });
    }
    expect(await rollup(a.id)).toMatchObject([{ failed: 1, success: 0, skipped: 0, running: 0 }]);
  });

  test("failures count toward Failing when they become final, not while running", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const threshold = (await automationRow(a.id)).failureThreshold;
    for (let i = 0; i < threshold; i++)
      await postRun(t, a.key, { externalRunId: `f${i}`, status: "running", startedAt });
    expect(await automationRow(a.id)).toMatchObject({ consecutiveFailures: 0 });
    for (let i = 0; i < threshold; i++)
      await postRun(t, a.key, { externalRunId: `f${i}`, status: "failed", startedAt, errorMessage: "Timed out" });
    expect(await automationRow(a.id)).toMatchObject({ consecutiveFailures: threshold });
    const incidents = await t.db.select().from(automationIncident).where(eq(automationIncident.automationId, a.id));
    expect(incidents).toHaveLength(1);
  });

  test("the same run reported final twice at once is finished and counted once", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    await report(a.key, "running");
    const answers = await Promise.all([1, 2, 3].map(() => report(a.key, "success", { finishedAt })));
    const bodies = await Promise.all(answers.map(async (r) => ZReportRunResponse.parse(await r.json())));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bodies.filter((b) => b.finished)).toHaveLength(1);
    expect(bodies.filter((b) => b.duplicate)).toHaveLength(2);
    expect(await rollup(a.id)).toMatchObject([{ running: 0, success: 1 }]);
  });

  test("in one batch, reports of one run apply in the order sent; a conflict does not stop the others", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const response = await t.request("/api/v1/runs/batch", {
      headers: { authorization: `Bearer ${a.key}` },
      json: {
        runs: [
          { externalRunId: "b1", status: "running", startedAt },
          { externalRunId: "b1", status: "success", startedAt, finishedAt },
          { externalRunId: "b1", status: "failed", startedAt, finishedAt },
          { externalRunId: "b2", status: "skipped", startedAt },
        ],
      },
    });
    expect(response.status).toBe(200);
    const body = ZReportRunBatchResponse.parse(await response.json());
    expect(body).toMatchObject({ received: 4, accepted: 2, finished: 1, duplicates: 0, conflicts: 1 });
    expect(body.results.map((r) => r.outcome)).toEqual(["stored", "finished", "conflict", "stored"]);
    expect(body.results[2]!.stored).toMatchObject({ status: "success" });
    expect(await rollup(a.id)).toMatchObject([{ running: 0, success: 1, failed: 0, skipped: 1 }]);
  });

  test("a full batch finishes hundreds of running runs at once, each counted once, keeping its start and link", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const batch = (runs: Record<string, unknown>[]) =>
      t.request("/api/v1/runs/batch", { headers: { authorization: `Bearer ${a.key}` }, json: { runs } });
    const ids = Array.from({ length: 250 }, (_, i) => `long-${i}`);
    const link = (id: string) => `https://n8n.example.com/executions/${id}`;
    await batch(ids.map((id) => ({ externalRunId: id, status: "running", startedAt, runUrl: link(id) })));
    expect(await rollup(a.id)).toMatchObject([{ running: 250, success: 0 }]);
    const response = await batch([
      ...ids.map((id, i) => ({ externalRunId: id, status: i % 5 ? "success" : "failed", startedAt, finishedAt })),
      ...ids.map((id) => ({ externalRunId: `new-${id}`, status: "success", startedAt, finishedAt })),
    ]);
    const body = ZReportRunBatchResponse.parse(await response.json());
    expect(body).toMatchObject({ received: 500, accepted: 250, finished: 250, duplicates: 0, conflicts: 0 });
    expect(await rollup(a.id)).toMatchObject([{ running: 0, success: 450, failed: 50, minutesSaved: 450 * 6 }]);
    expect(await storedRun(a.id, "long-7")).toMatchObject({
      status: "success",
      startedAt: new Date(startedAt),
      finishedAt: new Date(finishedAt),
      runUrl: link("long-7"),
    });
  });
});
