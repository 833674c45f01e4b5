import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { automationRun, automationRunDaily } from "../../db/schema/automations";
import { registerAutomation, signUpClient, signUpStaff, type SignedIn } from "../../test/fixtures";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { authenticateIngestKey } from "./authenticate-ingest-key.service";
import { createIngestCoalescer } from "./ingest-coalescer";
import type { Database } from "../../db/client";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: SignedIn;
let client: SignedIn;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await signUpStaff(t, "ops@agency.test");
  client = await signUpClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

const startedAt = new Date(Date.now() - 60_000).toISOString();
const finishedAt = new Date().toISOString();
const run = (externalRunId: string, status: "running" | "success" | "failed", extra = {}) => ({
  externalRunId,
  status,
  startedAt,
  itemsProcessed: 1,
  ...extra,
});

/** The database as it is, counting the transactions begun on it. */
function counting(db: Database) {
  const counter = { transactions: 0 };
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "transaction") {
        return (...args: Parameters<Database["transaction"]>) => {
          counter.transactions += 1;
          return target.transaction(...args);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: wrapped, counter };
}

describe("reports of one key arriving together", () => {
  test("go in one transaction after the one under way, each answered with its own outcomes", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const ctx = (await authenticateIngestKey(t.db, a.key))!;
    const { db, counter } = counting(t.db);
    const ingest = createIngestCoalescer(db, { links: t.mailLinks });
    const answers = await Promise.all([
      ingest(ctx, [run("x", "running")]),
      ingest(ctx, [run("y", "success")]),
      ingest(ctx, [run("x", "success", { finishedAt })]),
      ingest(ctx, [run("x", "failed", { finishedAt })]),
      ingest(ctx, [run("y", "success"), run("z", "failed")]),
    ]);
    // The first goes alone at once; the four that came while it ran go together.
    expect(counter.transactions).toBe(2);
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

  test("a failed transaction fails the requests it carried, and the next ones go on", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const ctx = (await authenticateIngestKey(t.db, a.key))!;
    const ingest = createIngestCoalescer(t.db, { links: t.mailLinks });
    const gone = { ...ctx, automationId: "00000000-0000-4000-8000-000000000000" };
    await expect(ingest(gone, [run("lost", "success")])).rejects.toThrow(/vanished/);
    expect((await ingest(ctx, [run("kept", "success")])).accepted).toBe(1);
  });
});
