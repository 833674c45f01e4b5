import { afterAll, beforeAll, test, vi } from "vitest";
import { ZGetAdminOverviewResponse } from "../../../shared/admin";
import { as, givenClient, givenStaff } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

test("GET /api/admin/overview answers what its response schema describes, to staff only", async () => {
  const staff = await givenStaff(t, "ops@agency.test");
  const client = await givenClient(t, "ann@acme.test", "Acme");
  await expectBody(as(staff, "/api/admin/overview"), 200, ZGetAdminOverviewResponse);
  await expectError(as(client, "/api/admin/overview"), 403);
});
