import { afterAll, beforeAll, test, vi } from "vitest";
import { ZGetAdminOverviewResponse } from "../../../shared/admin";
import { signUpClient, signUpStaff } from "../../test/fixtures";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

test("GET /api/admin/overview answers what its response schema describes, to staff only", async () => {
  const staff = await signUpStaff(t, "ops@agency.test");
  const client = await signUpClient(t, "ann@acme.test", "Acme");
  await expectBody(
    t.request("/api/admin/overview", { headers: { cookie: staff.cookie } }),
    200,
    ZGetAdminOverviewResponse,
  );
  await expectError(t.request("/api/admin/overview", { headers: { cookie: client.cookie } }), 403);
});
