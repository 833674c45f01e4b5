import { count, eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { DAY_MS } from "../../../shared/days";
import { automationRun, automationRunDaily } from "../../db/schema/automations";
import { registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { deleteRunsPastRetention } from "./run-retention";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let client: Caller;
beforeAll(async () => {
  t = await createTestRuntime({ INGEST_RATE_LIMIT_PER_MINUTE: "1000", RUN_RETENTION_DAYS: "400" });
  staff = await givenStaff(t, "retention-staff@agency.test");
  client = await givenClient(t, "retention@acme.test", "Retention Acme");
}, 180_000);
afterAll(() => t.close());

const batch = (key: string, runs: { externalRunId: string; startedAt: string }[]) =>
  t.request("/api/v1/runs/batch", {
    headers: { authorization: `Bearer ${key}` },
    json: { runs: runs.map((run) => ({ status: "success", ...run })) },
  });

const runIds = async (automationId: string) =>
  (
    await t.db
      .select({ id: automationRun.externalId })
      .from(automationRun)
      .where(eq(automationRun.automationId, automationId))
  )
    .map((row) => row.id)
    .sort();

const rollup = async (automationId: string) =>
  Object.fromEntries(
    (
      await t.db
        .select({ day: automationRunDaily.day, success: automationRunDaily.success })
        .from(automationRunDaily)
        .where(eq(automationRunDaily.automationId, automationId))
    ).map((row) => [row.day, row.success]),
  );

/** An automation with five runs in March and one a week ago. */
async function automationWithHistory() {
  const automation = await registerAutomation(t, staff, client.companyId!);
  const recent = new Date(Date.now() - 7 * DAY_MS).toISOString();
  const march = Array.from({ length: 5 }, (_, i) => ({
    externalRunId: `march-${i}`,
    startedAt: `2026-03-10T0${i}:00:00Z`,
  }));
  expect((await batch(automation.key, [...march, { externalRunId: "recent", startedAt: recent }])).status).toBe(200);
  return automation;
}

/** A clock at which March 2026 is past 400 days and last week is not. */
const later = new Date("2027-06-01T00:00:00Z");

describe("deleting runs past retention", () => {
  test("deletes the old runs in batches and keeps their daily figures; recent runs stay", async () => {
    const automation = await automationWithHistory();
    const figures = await rollup(automation.id);
    expect(figures["2026-03-10"]).toBe(5);

    // Two runs per statement, one statement per pass: three passes for five runs.
    const pass = () => deleteRunsPastRetention(t.context({ now: later }), { batchSize: 2, maxBatches: 1 });
    expect(await pass()).toBe(2);
    expect(await runIds(automation.id)).toHaveLength(4);
    expect(await pass()).toBe(2);
    expect(await pass()).toBe(1);
    expect(await runIds(automation.id)).toEqual(["recent"]);
    expect(await rollup(automation.id)).toEqual(figures);
    expect(await pass()).toBe(0);
  });

  test("nothing is past retention at today's clock", async () => {
    const automation = await automationWithHistory();
    expect(await deleteRunsPastRetention(t.context())).toBe(0);
    expect(await runIds(automation.id)).toHaveLength(6);
  });

  test("two instances deleting at once delete each run once", async () => {
    const automation = await automationWithHistory();
    const pass = () => deleteRunsPastRetention(t.context({ now: later }), { batchSize: 1 });
    const [one, other] = await Promise.all([pass(), pass()]);
    expect(await runIds(automation.id)).toEqual(["recent"]);
    // The other tests' March runs may be deleted here too: at least this automation's five, never an error.
    expect(one + other).toBeGreaterThanOrEqual(5);
  });

  test("a pass told to stop (the server stopping) ends in its rest, after the statement under way", async () => {
    await automationWithHistory();
    const cutoff = new Date(later.getTime() - 400 * DAY_MS);
    const pastRetention = async () =>
      (await t.db.select({ n: count() }).from(automationRun).where(lt(automationRun.startedAt, cutoff)))[0]!.n;
    const before = await pastRetention();
    const stopping = new AbortController();
    // One run a statement, then a rest far longer than any test: only the signal ends the pass early.
    const pass = deleteRunsPastRetention(t.context({ now: later }), {
      batchSize: 1,
      restPerWork: 1_000_000,
      stopping: stopping.signal,
    });
    await expect.poll(pastRetention, { timeout: 60_000 }).toBe(before - 1);
    stopping.abort();
    expect(await pass).toBe(1);
    expect(await pastRetention()).toBe(before - 1);
  });
});

describe("reporting a run older than retention", () => {
  test("is refused with the field and the reason, and nothing of the batch is stored", async () => {
    const automation = await registerAutomation(t, staff, client.companyId!);
    const tooOld = new Date(Date.now() - 401 * DAY_MS).toISOString();
    const single = await t.request("/api/v1/runs", {
      headers: { authorization: `Bearer ${automation.key}` },
      json: { externalRunId: "old", status: "success", startedAt: tooOld },
    });
    expect(single.status).toBe(400);
    expect(await single.json()).toMatchObject({
      message: "Runs that started more than 400 days ago are not stored.",
      fields: { startedAt: "startedAt is more than 400 days ago: runs are kept for 400 days" },
    });

    const refused = await batch(automation.key, [
      { externalRunId: "fine", startedAt: new Date().toISOString() },
      { externalRunId: "old", startedAt: tooOld },
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { "runs.1.startedAt": expect.stringContaining("400 days") } });
    expect(await runIds(automation.id)).toEqual([]);
  });
});
