import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZReportRunBatchResponse, ZReportRunResponse } from "../../../shared/automations";
import { postRun, registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let key: string;

beforeAll(async () => {
  t = await createTestRuntime();
  const staff = await givenStaff(t, "ops@agency.test");
  const ann = await givenClient(t, "ann@acme.test", "Acme");
  ({ key } = await registerAutomation(t, staff, ann.companyId!));
}, 180_000);
afterAll(() => t.close());

test("the run reporting endpoints answer what their response schemas describe", async () => {
  const first = await expectBody(postRun(t, key, { externalRunId: "one" }), 201, ZReportRunResponse);
  expect(first).toEqual({
    accepted: true,
    duplicate: false,
    finished: false,
    externalRunId: "one",
  });
  await expectBody(postRun(t, key, { externalRunId: "one" }), 200, ZReportRunResponse);
  const batch = await expectBody(
    t.request("/api/v1/runs/batch", {
      headers: { authorization: `Bearer ${key}` },
      json: {
        runs: [
          {
            externalRunId: "one",
            status: "success",
            startedAt: "2026-03-10T09:00:00Z",
          },
          {
            externalRunId: "two",
            status: "skipped",
            startedAt: "2026-03-10T10:00:00Z",
          },
        ],
      },
    }),
    200,
    ZReportRunBatchResponse,
  );
  expect(batch).toMatchObject({ received: 2, accepted: 1, duplicates: 1 });
  await expectError(postRun(t, "cwk_not-a-key", { externalRunId: "three" }), 401);
  await expectError(postRun(t, key, { externalRunId: "" }), 400);
});
