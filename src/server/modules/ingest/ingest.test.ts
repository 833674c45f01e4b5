import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { automationRun, automationRunDaily } from "../../db/schema/automations";
import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

// PGlite and scrypt are slow on a busy machine; these tests make whole accounts.
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

const countRuns = async (automationId: string) =>
  (await t.db.select().from(automationRun).where(eq(automationRun.automationId, automationId))).length;
const keysOf = (automationId: string) => `/api/staff/companies/${client.companyId}/automations/${automationId}/keys`;
const rollup = async (automationId: string) =>
  t.db.select().from(automationRunDaily).where(eq(automationRunDaily.automationId, automationId));

describe("idempotent ingest", () => {
  test("the same external id twice counts once", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const first = await postRun(t, a.key, { externalRunId: "exec-1", itemsProcessed: 4 });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ accepted: true, duplicate: false });
    const again = await postRun(t, a.key, { externalRunId: "exec-1", itemsProcessed: 4 });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ accepted: false, duplicate: true });
    expect(await countRuns(a.id)).toBe(1);
    expect(await rollup(a.id)).toMatchObject([{ success: 1, minutesSaved: 6, itemsProcessed: 4 }]);
  });

  test("concurrent duplicates are stored once, and the rollup counts once", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => postRun(t, a.key, { externalRunId: "same", minutesSaved: 10 })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await countRuns(a.id)).toBe(1);
    expect(await rollup(a.id)).toMatchObject([{ success: 1, minutesSaved: 10 }]);
  });

  test("a batch stores new runs, skips known ones and repeats inside the batch", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    await postRun(t, a.key, { externalRunId: "b-1" });
    const runs = [
      { externalRunId: "b-1", status: "success", startedAt: "2026-03-10T10:00:00Z" },
      {
        externalRunId: "b-2",
        status: "failed",
        startedAt: "2026-03-10T11:00:00Z",
        errorMessage: "The <b>CRM</b> was down.",
      },
      { externalRunId: "b-2", status: "failed", startedAt: "2026-03-10T11:00:00Z" },
      { externalRunId: "b-3", status: "skipped", startedAt: "2026-03-11T11:00:00Z" },
    ];
    const body = await json(
      t.request("/api/v1/runs/batch", { headers: { authorization: `Bearer ${a.key}` }, json: { runs } }),
    );
    expect(body).toMatchObject({ received: 4, accepted: 2, duplicates: 2 });
    expect(await countRuns(a.id)).toBe(3);
    const [failed] = await t.db.select().from(automationRun).where(eq(automationRun.externalId, "b-2"));
    expect(failed?.errorMessage).toBe("The CRM was down.");
    expect(failed?.minutesSaved).toBe(0);
  });
});

describe("validation", () => {
  test("readable 400s", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ externalRunId: "", status: "success" }, /externalRunId/],
      [{ externalRunId: "x", status: "done" }, /status must be one of success, failed, running, skipped/],
      [{ externalRunId: "x", startedAt: "yesterday" }, /startedAt must be an ISO 8601 date-time/],
      [{ externalRunId: "x", finishedAt: "2026-03-10T08:00:00Z" }, /finishedAt must not be before startedAt/],
      [{ externalRunId: "x", itemsProcessed: -1 }, /itemsProcessed must be at least 0/],
      [{ externalRunId: "x", runUrl: "javascript:alert(1)" }, /runUrl must be an http\(s\) URL/],
      [{ externalRunId: "x", surprise: 1 }, /surprise/],
    ];
    for (const [run, message] of cases) {
      const res = await postRun(t, a.key, run);
      expect(res.status, JSON.stringify(run)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    const tooMany = await t.request("/api/v1/runs/batch", {
      headers: { authorization: `Bearer ${a.key}` },
      json: {
        runs: Array.from({ length: 501 }, (_, i) => ({
          externalRunId: `r${i}`,
          status: "success",
          startedAt: "2026-03-10T09:00:00Z",
        })),
      },
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).message).toMatch(/at most 500 runs/);
    const notJson = await t.request("/api/v1/runs", {
      method: "POST",
      headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect(await countRuns(a.id)).toBe(0);
  });
});

describe("keys", () => {
  test("missing and unknown keys are refused", async () => {
    const none = await t.request("/api/v1/runs", {
      json: { externalRunId: "x", status: "success", startedAt: "2026-03-10T09:00:00Z" },
    });
    expect(none.status).toBe(401);
    expect((await none.json()).message).toMatch(/Authorization: Bearer/);
    expect((await postRun(t, "cwk_nope", { externalRunId: "x" })).status).toBe(401);
  });

  test("a session cookie is not a key", async () => {
    const res = await as(staff, "/api/v1/runs", {
      json: { externalRunId: "x", status: "success", startedAt: "2026-03-10T09:00:00Z" },
    });
    expect(res.status).toBe(401);
  });

  test("rotation: the old key stops working, the new one works; the key is stored hashed", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    expect((await postRun(t, a.key, { externalRunId: "k-1" })).status).toBe(201);
    const rotated = await json<{ key: string }>(as(staff, keysOf(a.id), { method: "POST" }));
    expect(rotated.key).not.toBe(a.key);
    expect((await postRun(t, a.key, { externalRunId: "k-2" })).status).toBe(401);
    expect((await postRun(t, rotated.key, { externalRunId: "k-2" })).status).toBe(201);
    const keys = await json<{ keys: Record<string, unknown>[] }>(as(staff, keysOf(a.id)));
    expect(keys.keys).toHaveLength(2);
    expect(JSON.stringify(keys)).not.toContain(rotated.key);
    expect(keys.keys.filter((k) => k.revokedAt === null)).toHaveLength(1);
  });

  test("revocation takes effect at once, also for a key just used (and so remembered)", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    expect((await postRun(t, a.key, { externalRunId: "r-0" })).status).toBe(201);
    const revoke = await as(staff, `${keysOf(a.id)}/${a.keyId}`, { method: "DELETE" });
    expect(revoke.status).toBe(200);
    const refused = await postRun(t, a.key, { externalRunId: "r-1" });
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toMatch(/not valid/);
  });

  test("clients cannot manage automations or keys", async () => {
    const a = await registerAutomation(t, staff, client.companyId!);
    const asClient = { headers: { cookie: client.cookie } };
    const mine = `/api/staff/companies/${client.companyId}/automations`;
    expect((await t.request(keysOf(a.id), { method: "POST", ...asClient })).status).toBe(403);
    expect((await t.request(`${mine}/${a.id}`, { method: "PATCH", ...asClient, json: { name: "Mine" } })).status).toBe(
      403,
    );
    expect((await t.request(mine, { ...asClient, json: { name: "Mine" } })).status).toBe(403);
  });
});

test("rate limited per key, with Retry-After", async () => {
  const limited = await createTestRuntime({ INGEST_RATE_LIMIT_PER_MINUTE: "3" });
  try {
    const admin = await givenStaff(limited, "ops@agency.test");
    const owner = await givenClient(limited, "bo@beta.test", "Beta");
    const a = await registerAutomation(limited, admin, owner.companyId!);
    const b = await registerAutomation(limited, admin, owner.companyId!);
    // Windows are fixed minutes: a boundary may fall between two requests, so allow one reset.
    let blocked: Response | undefined;
    let allowed = 0;
    for (let i = 0; i < 7 && !blocked; i++) {
      const res = await postRun(limited, a.key, { externalRunId: `rl-${i}` });
      if (res.status === 429) blocked = res;
      else allowed++;
    }
    expect(allowed).toBeGreaterThanOrEqual(3);
    expect(blocked?.status).toBe(429);
    expect(Number(blocked?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked!.json()).message).toMatch(/Too many attempts/);
    // Another key has its own allowance.
    expect((await postRun(limited, b.key, { externalRunId: "other" })).status).toBe(201);
  } finally {
    await limited.close();
  }
}, 180_000);
