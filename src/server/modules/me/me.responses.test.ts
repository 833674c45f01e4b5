import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetMeResponse } from "../../../shared/me";
import { signUpClient, signUpStaff } from "../../test/fixtures";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

test("GET /api/me answers what its response schema describes, for a client and for staff", async () => {
  const client = await signUpClient(t, "ann@acme.test", "Acme");
  const staff = await signUpStaff(t, "ops@agency.test");
  const me = await expectBody(t.request("/api/me", { headers: { cookie: client.cookie } }), 200, ZGetMeResponse);
  expect(me.company).toMatchObject({ name: "Acme", role: "owner" });
  const agency = await expectBody(t.request("/api/me", { headers: { cookie: staff.cookie } }), 200, ZGetMeResponse);
  expect(agency).toMatchObject({ user: { role: "admin" }, company: null });
  await expectError(t.request("/api/me"), 401);
});
