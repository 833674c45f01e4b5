import { afterAll, beforeAll, expect, test, vi } from "vitest";
import {
  ZGetAutomationResponse,
  ZIssueIngestKeyResponse,
  ZListAutomationsResponse,
  ZListIngestKeysResponse,
  ZListRunsResponse,
  ZReportProblemResponse,
  ZRevokeIngestKeyResponse,
} from "../../../shared/automation-responses";
import { ZCreateAutomationResponse, ZUpdateAutomationResponse } from "../../../shared/staff-automations";
import { postRun, signUpClient, signUpStaff, type SignedIn } from "../../test/fixtures";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: SignedIn;
let ann: SignedIn;
const as = (who: SignedIn) => ({ headers: { cookie: who.cookie } });

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await signUpStaff(t, "ops@agency.test");
  ann = await signUpClient(t, "ann@acme.test", "Acme");
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
  const created = await expectBody(t.request(staffPath, { ...as(staff), json: body }), 201, ZCreateAutomationResponse);
  const unscheduled = await expectBody(
    t.request(staffPath, {
      ...as(staff),
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
    t.request(`${staffPath}/${created.id}`, {
      ...as(staff),
      method: "PATCH",
      json: { failureThreshold: 1, status: "live", expectedEveryMinutes: 60 },
    }),
    200,
    ZUpdateAutomationResponse,
  );

  const issued = await expectBody(
    t.request(`${staffPath}/${created.id}/keys`, {
      ...as(staff),
      method: "POST",
    }),
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
  const keys = await expectBody(t.request(`${staffPath}/${created.id}/keys`, as(staff)), 200, ZListIngestKeysResponse);
  expect(keys.keys[0]?.lastUsedAt).not.toBeNull();

  const list = await expectBody(t.request("/api/automations", as(ann)), 200, ZListAutomationsResponse);
  expect(list.automations.map((a) => a.status).sort()).toEqual(["building", "failing"]);
  await expectBody(t.request("/api/automations", as(staff)), 200, ZListAutomationsResponse);
  const detail = await expectBody(t.request(`/api/automations/${created.id}`, as(ann)), 200, ZGetAutomationResponse);
  expect(detail.lastRunAt).not.toBeNull();
  await expectBody(t.request(`/api/automations/${unscheduled.id}`, as(ann)), 200, ZGetAutomationResponse);

  const runs = await expectBody(t.request(`/api/automations/${created.id}/runs`, as(ann)), 200, ZListRunsResponse);
  expect(runs.runs.map((run) => run.errorMessage === null)).toEqual([false, true]);
  await expectBody(
    t.request(`/api/automations/${created.id}/problem-reports`, {
      ...as(ann),
      json: { runId: runs.runs[0]!.id, message: "It failed twice today." },
    }),
    201,
    ZReportProblemResponse,
  );

  await expectBody(
    t.request(`${staffPath}/${created.id}/keys/${issued.id}`, {
      ...as(staff),
      method: "DELETE",
    }),
    200,
    ZRevokeIngestKeyResponse,
  );
  await expectError(t.request(`/api/automations/${crypto.randomUUID()}`, as(ann)), 404);
  await expectError(t.request(`/api/automations/${created.id}/runs?status=odd`, as(ann)), 400);
  await expectError(
    t.request(staffPath, {
      ...as(staff),
      json: { ...body, name: "" },
    }),
    400,
  );
  await expectError(t.request(`${staffPath}/${created.id}/keys`, as(ann)), 403);
});
