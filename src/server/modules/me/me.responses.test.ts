import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetMeResponse } from "../../../shared/me";
import { as, givenClient, givenStaff } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

test("GET /api/me answers what its response schema describes, for a client and for staff", async () => {
  const client = await givenClient(t, "ann@acme.test", "Acme");
  const staff = await givenStaff(t, "ops@agency.test");
  const me = await expectBody(as(client, "/api/me"), 200, ZGetMeResponse);
  expect(me.company).toMatchObject({ name: "Acme", role: "owner" });
  const agency = await expectBody(as(staff, "/api/me"), 200, ZGetMeResponse);
  expect(agency).toMatchObject({ user: { role: "admin" }, company: null });
  await expectError(t.request("/api/me"), 401);
});
