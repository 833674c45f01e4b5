import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { confirmedClient, signedInStaff } from "../test/auth-helpers";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";

// The budget (ARCHITECTURE.md): an authenticated read costs at most one database query when warm.
let t: TestRuntime;
let client: string;
let staff: string;
beforeAll(async () => {
  t = await createTestRuntime();
  client = await confirmedClient(t, "queries@example.com");
  staff = await signedInStaff(t, "queries-staff@example.com");
});
afterAll(() => t.close());

/**
 * The statements of one GET after the same GET has warmed the caches. The read of the session
 * change log (once per instance every two seconds at most, not per request) is left out.
 */
async function warmQueries(path: string, cookie: string) {
  expect((await t.request(path, { headers: { cookie } })).status).toBe(200);
  let status = 0;
  const queries = await t.queriesOf(async () => {
    status = (await t.request(path, { headers: { cookie } })).status;
  });
  expect(status).toBe(200);
  return queries.filter((query) => !query.includes('from "session_change"'));
}

describe("database queries per warm request", () => {
  test("GET /api/me reads nothing: the session and the membership come from memory", async () => {
    expect(await warmQueries("/api/me", client)).toEqual([]);
  });

  test("GET /api/dashboard reads nothing: the figures of the last seconds are kept", async () => {
    expect(await warmQueries("/api/dashboard", client)).toEqual([]);
  });

  test("GET /api/dashboard refuses staff outside a view without reading anything", async () => {
    expect((await t.request("/api/dashboard", { headers: { cookie: staff } })).status).toBe(404);
    const queries = await t.queriesOf(async () => {
      expect((await t.request("/api/dashboard", { headers: { cookie: staff } })).status).toBe(404);
    });
    expect(queries.filter((query) => !query.includes('from "session_change"'))).toEqual([]);
  });

  test("a cold session costs Better Auth's two reads, once", async () => {
    const cookie = await confirmedClient(t, "cold@example.com");
    const first = await t.queriesOf(() => t.request("/api/me", { headers: { cookie } }));
    expect(first.filter((q) => q.includes('from "session"'))).toHaveLength(1);
    const second = await t.queriesOf(() => t.request("/api/me", { headers: { cookie } }));
    expect(second.filter((q) => q.includes('from "session"'))).toHaveLength(0);
  });
});
