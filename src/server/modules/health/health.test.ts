import { afterAll, beforeAll, expect, test } from "vitest";
import { ZReadinessResponse } from "../../../shared/health";
import { startingAnswer } from "../../http/lifecycle";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

test("a running instance is alive and ready: its database answers and has this version's migrations", async () => {
  expect((await t.request("/api/health")).status).toBe(200);
  const ready = await t.request("/api/ready");
  expect(ready.status).toBe(200);
  expect(ZReadinessResponse.parse(await ready.json())).toEqual({
    ready: true,
    checks: { database: "reachable", migrations: "applied" },
  });
});

test("a stopping instance is alive but not ready, and ends each connection after its answer", async () => {
  t.readiness.stopping = true;
  try {
    const ready = await t.request("/api/ready");
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("5");
    expect(ready.headers.get("connection")).toBe("close");
    expect(await ready.json()).toMatchObject({
      code: "UNAVAILABLE",
      reason: "stopping",
      message: "Not ready: this instance is shutting down.",
    });
    expect((await t.request("/api/health")).status).toBe(200);
  } finally {
    t.readiness.stopping = false;
  }
});

test("an instance newer than its database's schema is not ready", async () => {
  const built = t.readiness.latestMigration;
  // As if this build carried a migration the database has not run.
  t.readiness.latestMigration = built + 1;
  try {
    const ready = await t.request("/api/ready");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ reason: "migrations" });
  } finally {
    t.readiness.latestMigration = built;
  }
  expect((await t.request("/api/ready")).status).toBe(200);
});

test("while the server waits for its database at start it is alive, not ready, and asks callers to come back", async () => {
  const health = startingAnswer(new Request("http://localhost/api/health"));
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ ok: true });

  const ready = startingAnswer(new Request("http://localhost/api/ready"));
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ reason: "starting", message: expect.stringMatching(/^Not ready/) });

  const page = startingAnswer(new Request("http://localhost/api/me"));
  expect(page.status).toBe(503);
  expect(page.headers.get("retry-after")).toBe("5");
  expect(await page.json()).toMatchObject({ message: "The service is starting. Please try again in a moment." });
});
