import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { BACKGROUND_JOBS, type JobDeps } from "../../jobs";
import { createLogger } from "../../lib/logger";
import { registerAutomation } from "../../test/fixtures";
import { as, givenCompany, givenStaff, type Caller, type GivenCompany } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { startFakeN8n } from "./connections-test-kit";
import type { TConnection } from "../../../shared/connections";

vi.setConfig({ testTimeout: 60_000 });

/*
 * The API key is in no answer and no log line: every line the app logs at debug level, through a
 * connect, a test, a sync, a refused key, an unreachable instance and a failed retry, is captured.
 */
const API_KEY = "n8n_logged_key_never_9f8e7d6c5b4a_wxyz";
const lines: string[] = [];
const answers: string[] = [];
const log = createLogger("debug", { write: (line) => lines.push(line) });
let t: TestRuntime;
let fake: Awaited<ReturnType<typeof startFakeN8n>>;
let staff: Caller;
let acme: GivenCompany;

beforeAll(async () => {
  t = await createTestRuntime({}, { log });
  fake = await startFakeN8n(API_KEY);
  staff = await givenStaff(t, "staff@agency.test");
  acme = await givenCompany(t, { name: "Acme", owner: "owner@acme.test" });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

/** One pass of the periodic sync job, logging as the server does (its pass uses only the log of its deps). */
async function periodicSync() {
  const job = BACKGROUND_JOBS.find((candidate) => candidate.name === "platform connection sync")!;
  await job.pass(t.context(), { config: t.config, log } as JobDeps, new AbortController().signal);
}

async function call<T>(method: string, path: string, body?: unknown) {
  const response = await as(staff, path, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

test("the API key appears in no answer and no log line, on success or failure", async () => {
  const base = `/api/staff/companies/${acme.id}`;
  expect((await call("POST", `${base}/connections/test`, { baseUrl: fake.baseUrl, apiKey: API_KEY })).status).toBe(200);
  // A key that is one character off is refused; it must not be logged either.
  const wrongKey = `${API_KEY.slice(0, -1)}Q`;
  const refused = await call<{ health: string }>("POST", `${base}/connections/test`, {
    baseUrl: fake.baseUrl,
    apiKey: wrongKey,
  });
  expect(refused.json.health).toBe("unauthorized");
  const created = await call<TConnection>("POST", `${base}/connections`, {
    name: "Agency n8n",
    baseUrl: fake.baseUrl,
    apiKey: API_KEY,
  });
  expect(created.status).toBe(201);
  const at = `${base}/connections/${created.json.id}`;
  const automation = await registerAutomation(t, staff, acme.id, { name: "Invoice filing" });
  fake.state.executions.push({
    id: "700",
    workflowId: "1",
    status: "error",
    startedAt: new Date(Date.now() - 60_000).toISOString(),
    stoppedAt: new Date(Date.now() - 50_000).toISOString(),
  });
  expect((await call("POST", `${at}/links`, { workflowId: "1", automationId: automation.id })).status).toBe(201);
  expect((await call("POST", `${at}/sync`)).status).toBe(200);
  await periodicSync();

  // The instance goes down: the periodic sync, staff's sync and a retry all fail, and are logged.
  fake.state.down = true;
  await periodicSync();
  await call("POST", `${at}/sync`);
  const runs = await call<{ runs: { id: string; status: string }[] }>("GET", `/api/automations/${automation.id}/runs`);
  const failed = runs.json.runs.find((run) => run.status === "failed")!;
  const retry = await call<{ message: string }>("POST", `${base}/automations/${automation.id}/runs/${failed.id}/retry`);
  expect(retry.status).toBe(409);
  const listed = await call<{ connections: TConnection[] }>("GET", `${base}/connections`);
  expect(listed.json.connections[0]).toMatchObject({ health: "unreachable", apiKeyLast4: "wxyz" });

  // The capture works (both passes of the job logged), and no line or answer holds either key.
  expect(lines.filter((line) => line.includes("platform connections synced"))).toHaveLength(2);
  for (const text of [...lines, ...answers]) {
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(wrongKey);
  }
});
