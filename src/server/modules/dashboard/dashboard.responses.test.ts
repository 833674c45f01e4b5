import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetDashboardResponse } from "../../../shared/dashboard";
import { postRun, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let owner: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  owner = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

test("the dashboard answers what its response schema describes, empty and with runs that need attention", async () => {
  const empty = await expectBody(as(owner, "/api/dashboard"), 200, ZGetDashboardResponse);
  expect(empty.successRateThisMonth).toBeNull();

  const { key } = await registerAutomation(t, staff, owner.companyId!, {
    failureThreshold: 1,
  });
  await registerAutomation(t, staff, owner.companyId!, {
    name: "Lead routing",
    expectedEveryMinutes: 1,
  });
  await postRun(t, key, {
    externalRunId: "ok",
    startedAt: new Date(Date.now() - 60_000).toISOString(),
    minutesSaved: 7,
  });
  await postRun(t, key, {
    externalRunId: "bad",
    startedAt: new Date().toISOString(),
    status: "failed",
    errorMessage: "Login refused.",
  });
  const busy = await expectBody(as(owner, "/api/dashboard"), 200, ZGetDashboardResponse);
  expect(busy.attention.map((item) => item.status)).toContain("failing");
  expect(busy.recent).toHaveLength(2);

  // Staff outside a view have the agency's dashboard, not a client's (ADR 0023).
  await expectError(as(staff, "/api/dashboard"), 404);
  await expectError(t.request("/api/dashboard"), 401);
});
