import { afterAll, beforeAll, expect, test, vi } from "vitest";
import {
  ZGetCsrfTokenResponse,
  ZGetSecurityPostureResponse,
  ZListSecurityEventsResponse,
  ZReportSessionTimeoutResponse,
} from "../../../shared/security";
import { as, givenClient, givenStaff } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

test("the security endpoints answer what their response schemas describe", async () => {
  await expectBody(t.request("/api/csrf"), 200, ZGetCsrfTokenResponse);
  await expectBody(t.request("/api/security/posture"), 200, ZGetSecurityPostureResponse);

  const staff = await givenStaff(t, "ops@agency.test");
  const client = await givenClient(t, "ann@acme.test", "Acme");
  const report = {
    "csp-report": {
      "violated-directive": "script-src",
      "blocked-uri": "inline",
      "document-uri": "http://localhost:3000/pricing",
    },
  };
  expect((await t.request("/api/security/csp-report", { json: report })).status).toBe(204);
  await expectBody(as(client, "/api/me/security/session-timeout", { json: {} }), 200, ZReportSessionTimeoutResponse);

  const log = await expectBody(as(staff, "/api/admin/security-events"), 200, ZListSecurityEventsResponse);
  // Newest first; the oldest is the staff member setting up their authenticator app (givenStaff).
  expect(log.events.map((event) => event.type)).toEqual(["session_timeout", "csp_violation", "second_factor_added"]);
  expect(log.nextCursor).toBeNull();
  await expectError(as(staff, "/api/admin/security-events?type=nonsense"), 400);
  await expectError(t.request("/api/me/security/session-timeout", { json: {} }), 401);
});
