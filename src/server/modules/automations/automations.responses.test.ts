import { afterAll, beforeAll, expect, test, vi } from "vitest";
import {
  ZGetAutomationResponse,
  ZIssueIngestKeyResponse,
  ZListAutomationsResponse,
  ZListIngestKeysResponse,
  ZListRunsResponse,
  ZReportProblemResponse,
  ZRevokeIngestKeyResponse,
} from "../../../shared/automations";
import { ZCreateAutomationResponse, ZUpdateAutomationResponse } from "../../../shared/staff-automations";
import { postRun } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

test("the automation endpoints answer what their response schemas describe", async () => {
  const staffPath = `/api/staff/companies/${ann.companyId}/automations`;
  const body = {
    name: "Invoice sync",
    purpose: "Copies paid invoices into the books.",
    platform: "n8n",
    triggerDescription: "Every hour",
    expectedEveryMinutes: 60,
    minutesSavedPerRun: 6,
    status: "live",
  };
  const created = await expectBody(as(staff, staffPath, { json: body }), 201, ZCreateAutomationResponse);
  const unscheduled = await expectBody(
    as(staff, staffPath, {
      json: {
        ...body,
        name: "Lead routing",
        expectedEveryMinutes: null,
        status: "building",
      },
    }),
    201,
    ZCreateAutomationResponse,
  );
  expect(unscheduled.expectedEveryMinutes).toBeNull();
  await expectBody(
    as(staff, `${staffPath}/${created.id}`, {
      method: "PATCH",
      json: { failureThreshold: 1, status: "live", expectedEveryMinutes: 60 },
    }),
    200,
    ZUpdateAutomationResponse,
  );

  const issued = await expectBody(
    as(staff, `${staffPath}/${created.id}/keys`, { method: "POST" }),
    201,
    ZIssueIngestKeyResponse,
  );
  await postRun(t, issued.key, {
    externalRunId: "r1",
    finishedAt: "2026-03-10T09:01:00Z",
    runUrl: "https://n8n.example/run/1",
    itemsProcessed: 4,
  });
  await postRun(t, issued.key, {
    externalRunId: "r2",
    status: "failed",
    startedAt: new Date().toISOString(),
    errorMessage: "Login refused.",
  });
  const keys = await expectBody(as(staff, `${staffPath}/${created.id}/keys`), 200, ZListIngestKeysResponse);
  expect(keys.keys[0]?.lastUsedAt).not.toBeNull();

  const list = await expectBody(as(ann, "/api/automations"), 200, ZListAutomationsResponse);
  expect(list.automations.map((a) => a.status).sort()).toEqual(["building", "failing"]);
  await expectBody(as(staff, "/api/automations"), 200, ZListAutomationsResponse);
  const detail = await expectBody(as(ann, `/api/automations/${created.id}`), 200, ZGetAutomationResponse);
  expect(detail.lastRunAt).not.toBeNull();
  await expectBody(as(ann, `/api/automations/${unscheduled.id}`), 200, ZGetAutomationResponse);

  const runs = await expectBody(as(ann, `/api/automations/${created.id}/runs`), 200, ZListRunsResponse);
  expect(runs.runs.map((run) => run.errorMessage === null)).toEqual([false, true]);
  await expectBody(
    as(ann, `/api/automations/${created.id}/problem-reports`, {
      json: { runId: runs.runs[0]!.id, message: "It failed twice today." },
    }),
    201,
    ZReportProblemResponse,
  );

  await expectBody(
    as(staff, `${staffPath}/${created.id}/keys/${issued.id}`, { method: "DELETE" }),
    200,
    ZRevokeIngestKeyResponse,
  );
  await expectError(as(ann, `/api/automations/${crypto.randomUUID()}`), 404);
  await expectError(as(ann, `/api/automations/${created.id}/runs?status=odd`), 400);
  await expectError(as(staff, staffPath, { json: { ...body, name: "" } }), 400);
  await expectError(as(ann, `${staffPath}/${created.id}/keys`), 403);
});
