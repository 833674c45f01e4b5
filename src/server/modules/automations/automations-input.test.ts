import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { postRun } from "../../test/fixtures";
import { as, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { seedTwoCompanies } from "./automations-test-kit";
import type { AutomationDetail } from "../../../shared/automations";

// PGlite and scrypt are slow on a busy machine; these tests make whole accounts.
vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller; // Acme
let acme: { id: string; key: string };

beforeAll(async () => {
  t = await createTestRuntime();
  ({ staff, ann, acme } = await seedTwoCompanies(t));
}, 180_000);
afterAll(() => t.close());

describe("hostile input to lists and writes", () => {
  test.each([
    ["2026-02-30", "Not a real date: dates look like 2026-01-31"],
    ["2026-13-01", "Not a real date: dates look like 2026-01-31"],
    ["9999-99-99", "Not a real date: dates look like 2026-01-31"],
    ["2026-00-10", "Not a real date: dates look like 2026-01-31"],
    // Real dates, but outside the window any date we accept lies in.
    ["0000-01-01", "Dates must be between 2000-01-01 and"],
    ["1999-12-31", "Dates must be between 2000-01-01 and"],
  ])("run history from=%s is a readable 400", async (day, message) => {
    for (const key of ["from", "to"]) {
      const res = await as(ann, `/api/automations/${acme.id}/runs?${key}=${day}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: expect.stringContaining(`${key}: ${message}`),
        code: "VALIDATION",
      });
    }
  });

  test("a real leap day is accepted", async () => {
    const res = await as(ann, `/api/automations/${acme.id}/runs?from=2024-02-29&to=2024-03-01`);
    expect(res.status).toBe(200);
  });

  test.each([
    ["before=not%20a%20cursor", { before: "Not a valid cursor" }],
    [`after=${"x".repeat(201)}`, { after: "Not a valid cursor" }],
    ["before=abc&after=abc", { after: "Pass before or after, not both" }],
  ])("run history %s is a 400 that names the cursor", async (query, fields) => {
    const res = await as(ann, `/api/automations/${acme.id}/runs?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "VALIDATION", fields });
  });

  test("NUL in a search, a run or a staff write is a 4xx or dropped, never a 500", async () => {
    const search = await as(staff, "/api/automations?search=%00");
    expect(search.status).toBe(400);
    const run = await postRun(t, acme.key, { externalRunId: "nul\u0000id", errorMessage: "bad\u0000" });
    expect(run.status).toBe(400);
    expect((await run.json()).message).toMatch(/externalRunId must not contain control characters/);
    // Half a surrogate pair would be stored as U+FFFD and no longer match the id reported.
    const lone = await postRun(t, acme.key, { externalRunId: "half\ud800pair" });
    expect(lone.status).toBe(400);
    expect((await lone.json()).message).toMatch(/externalRunId must not contain control characters/);
    const cleanRun = await postRun(t, acme.key, {
      externalRunId: "nul-message",
      status: "failed",
      errorMessage: "bad\u0000 login",
    });
    expect(cleanRun.status).toBeLessThan(300);
    const created = await as(staff, `/api/staff/companies/${ann.companyId}/automations`, {
      json: {
        name: "Nul\u0000 sync",
        purpose: "P\u0000",
        platform: "n8n",
        triggerDescription: "\u0000Daily",
        minutesSavedPerRun: 1,
      },
    });
    expect(created.status).toBe(201);
    const detail = (await created.json()) as AutomationDetail;
    expect(detail.name).toBe("Nul sync");
    const patched = await as(staff, `/api/staff/companies/${ann.companyId}/automations/${detail.id}`, {
      method: "PATCH",
      json: { name: "Re\u0000named" },
    });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as AutomationDetail).name).toBe("Renamed");
  });
});
