import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { expect as expectInBrowser } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startN8n, until, type N8nInstance } from "../../../../scripts/n8n/n8n-instance";
import { automation, automationRun } from "../../db/schema/automations";
import { executionRetry } from "../../db/schema/connections";
import { as, givenCompany, givenStaff, type Caller, type GivenCompany } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { openStaffBrowser, shootEverySize } from "./n8n-browser";
import type { TListRunsResponse } from "../../../shared/automations";
import type {
  TConnection,
  TListWorkflowsResponse,
  TReconcileResponse,
  TSyncSummary,
} from "../../../shared/connections";

/*
 * Cogwork against a real n8n (`npm run test:n8n`, ADR 0034): n8n runs three workflows (one
 * succeeds, one fails while a flag is set, one also pushes its run to Cogwork), then staff
 * connect, link, backfill, sync, reconcile and retry through Cogwork's API. Every wait polls for
 * the condition with a generous limit; nothing depends on how fast the machine is.
 */

const COGWORK_PORT = Number(process.env.COGWORK_N8N_APP_PORT ?? 5633);
const FLAG_PORT = Number(process.env.COGWORK_N8N_FLAG_PORT ?? 5634);

let n8n: N8nInstance;
let t: TestRuntime;
let app: ServerType;
let flagServer: Server;
let failing = true;
let staff: Caller;
let acme: GivenCompany;
const answers: string[] = [];

const node = (name: string, type: string, typeVersion: number, x: number, parameters: object, extra = {}) => ({
  id: randomUUID(),
  name,
  type,
  typeVersion,
  position: [x, 0],
  parameters,
  ...extra,
});
const webhook = (path: string) =>
  node(
    "Webhook",
    "n8n-nodes-base.webhook",
    2,
    0,
    { path, httpMethod: "GET", responseMode: "onReceived" },
    { webhookId: randomUUID() },
  );
const chain = (...names: string[]) =>
  Object.fromEntries(
    names.slice(0, -1).map((name, i) => [name, { main: [[{ node: names[i + 1], type: "main", index: 0 }]] }]),
  );

async function createWorkflow(name: string, nodes: object[], order: string[]): Promise<string> {
  const created = await n8n.api("POST", "/workflows", {
    name,
    nodes,
    connections: chain(...order),
    settings: { executionOrder: "v1" },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id = String(created.json.id);
  const activated = await n8n.api("POST", `/workflows/${id}/activate`);
  expect(activated.status, JSON.stringify(activated.json)).toBe(200);
  return id;
}

/** Calls a workflow's webhook (n8n answers once it received it; the execution goes on). */
async function trigger(path: string) {
  await until(`webhook ${path}`, async () => (await fetch(`${n8n.baseUrl}/webhook/${path}`)).ok, 120_000);
}

/** n8n's finished executions of a workflow, once there are `count` of them. */
async function finishedExecutions(workflowId: string, count: number) {
  return until(
    `${count} finished executions of workflow ${workflowId}`,
    async () => {
      const { json } = await n8n.api("GET", `/executions?workflowId=${workflowId}&limit=250`);
      const done = (json.data as { status: string }[]).filter((e) => !["running", "waiting", "new"].includes(e.status));
      return done.length >= count ? json.data : null;
    },
    300_000,
  );
}

async function staffCall<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await as(staff, path, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

const runsOf = (automationId: string) =>
  t.db.select().from(automationRun).where(eq(automationRun.automationId, automationId));

beforeAll(async () => {
  flagServer = createServer((_req, res) => {
    res.writeHead(failing ? 500 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(failing ? { error: "Invoice 42 could not be saved" } : { saved: true }));
  });
  await new Promise<void>((done) => flagServer.listen(FLAG_PORT, "127.0.0.1", done));
  // The built web app too (`npm run test:n8n` builds it when dist/ is missing): the browser journey uses it.
  t = await createTestRuntime({}, { webRoot: path.resolve("dist/web") });
  app = serve({ fetch: t.app.fetch, port: COGWORK_PORT, hostname: "127.0.0.1" });
  n8n = await startN8n();
  staff = await givenStaff(t, "staff@agency.test");
  acme = await givenCompany(t, { name: "Acme", owner: "owner@acme.test" });
});

afterAll(async () => {
  await n8n?.stop();
  await new Promise((done) => app?.close(done));
  await new Promise((done) => flagServer?.close(done));
  await t?.close?.();
});

test("an automation linked to an n8n workflow shows every execution as a run; reconciliation finds none missing; a failed run is retried", async () => {
  const base = `/api/staff/companies/${acme.id}`;
  // The automation whose workflow also reports its runs itself, with an ingest key.
  const pushes = await staffCall<{ id: string }>("POST", `${base}/automations`, {
    name: "Order sync",
    purpose: "Copies orders into the warehouse system.",
    platform: "n8n",
    triggerDescription: "Each new order",
    minutesSavedPerRun: 3,
    status: "live",
  });
  expect(pushes.status).toBe(201);
  const key = await staffCall<{ key: string }>("POST", `${base}/automations/${pushes.json.id}/keys`);
  const invoices = await staffCall<{ id: string }>("POST", `${base}/automations`, {
    name: "Invoice filing",
    purpose: "Saves invoices in the accounting system.",
    platform: "n8n",
    triggerDescription: "Each new invoice",
    minutesSavedPerRun: 5,
    status: "live",
  });

  const okId = await createWorkflow(
    "Daily report",
    [webhook("cw-ok"), node("Done", "n8n-nodes-base.noOp", 1, 200, {})],
    ["Webhook", "Done"],
  );
  const flagId = await createWorkflow(
    "Invoice filing",
    [
      webhook("cw-flag"),
      node("Save invoice", "n8n-nodes-base.httpRequest", 4.2, 200, {
        url: `http://127.0.0.1:${FLAG_PORT}/flag`,
        options: {},
      }),
    ],
    ["Webhook", "Save invoice"],
  );
  const report = {
    method: "POST",
    url: `http://127.0.0.1:${COGWORK_PORT}/api/v1/runs`,
    sendHeaders: true,
    headerParameters: { parameters: [{ name: "Authorization", value: `Bearer ${key.json.key}` }] },
    sendBody: true,
    specifyBody: "json",
    jsonBody:
      "={{ JSON.stringify({ externalRunId: $execution.id, status: 'success', startedAt: $now.toUTC().toISO() }) }}",
    options: {},
  };
  const pushId = await createWorkflow(
    "Order sync",
    [webhook("cw-push"), node("Report to Cogwork", "n8n-nodes-base.httpRequest", 4.2, 200, report)],
    ["Webhook", "Report to Cogwork"],
  );

  // History before the connection exists: the backfill reads it.
  await trigger("cw-ok");
  await trigger("cw-ok");
  await trigger("cw-flag");
  await trigger("cw-push");
  await finishedExecutions(okId, 2);
  const [failedExecution] = await finishedExecutions(flagId, 1);
  expect(failedExecution.status).toBe("error");
  const [pushedExecution] = await finishedExecutions(pushId, 1);
  expect(pushedExecution.status).toBe("success");
  await until("the pushed run", async () => (await runsOf(pushes.json.id)).length === 1, 120_000);

  // Connect: a wrong key is refused by the test, the right one is saved.
  const wrong = await staffCall<{ health: string }>("POST", `${base}/connections/test`, {
    baseUrl: n8n.baseUrl,
    apiKey: "not-the-key-12345",
  });
  expect(wrong.json.health).toBe("unauthorized");
  const tested = await staffCall<{ health: string; workflowCount: number }>("POST", `${base}/connections/test`, {
    baseUrl: n8n.baseUrl,
    apiKey: n8n.apiKey,
  });
  expect(tested.json).toMatchObject({ health: "ok", workflowCount: 3 });
  const connection = await staffCall<TConnection>("POST", `${base}/connections`, {
    name: "Agency n8n",
    baseUrl: n8n.baseUrl,
    apiKey: n8n.apiKey,
  });
  expect(connection.status).toBe(201);
  expect(connection.json.apiKeyLast4).toBe(n8n.apiKey.slice(-4));
  const at = `${base}/connections/${connection.json.id}`;

  // Link: one automation created from its workflow, two existing ones linked.
  const workflows = await staffCall<TListWorkflowsResponse>("GET", `${at}/workflows`);
  expect(workflows.json.workflows.map((w) => w.name).sort()).toEqual(["Daily report", "Invoice filing", "Order sync"]);
  const created = await staffCall<{ automationId: string }>("POST", `${at}/links`, {
    workflowId: okId,
    newAutomation: {
      name: "Daily report",
      purpose: "Sends the daily report.",
      platform: "n8n",
      triggerDescription: "Webhook",
      minutesSavedPerRun: 2,
      status: "live",
    },
  });
  expect(created.status).toBe(201);
  expect((await staffCall("POST", `${at}/links`, { workflowId: flagId, automationId: invoices.json.id })).status).toBe(
    201,
  );
  expect((await staffCall("POST", `${at}/links`, { workflowId: pushId, automationId: pushes.json.id })).status).toBe(
    201,
  );
  const twice = await staffCall("POST", `${at}/links`, { workflowId: okId, automationId: invoices.json.id });
  expect(twice.status).toBe(409);

  // Backfill: every execution becomes a run; the pushed one counts once.
  const backfill = await staffCall<TSyncSummary>("POST", `${at}/sync`);
  expect(backfill.json).toMatchObject({ health: "ok", executionsRead: 4, runsStored: 3 });
  const okRuns = await runsOf(created.json.automationId);
  expect(okRuns.map((run) => run.status)).toEqual(["success", "success"]);
  const [failedRun] = await runsOf(invoices.json.id);
  expect(failedRun).toMatchObject({ status: "failed", externalId: String(failedExecution.id) });
  expect(failedRun!.errorMessage).toMatch(/^The step “Save invoice” failed: /);
  expect(failedRun!.runUrl).toBe(`${n8n.baseUrl}/workflow/${flagId}/executions/${failedExecution.id}`);
  expect(failedRun!.startedAt.toISOString()).toBe(new Date(failedExecution.startedAt).toISOString());
  const pushedRuns = await runsOf(pushes.json.id);
  expect(pushedRuns).toHaveLength(1);
  expect(pushedRuns[0]!.externalId).toBe(String(pushedExecution.id));

  // Sync by cursor: only the new execution is read.
  await trigger("cw-ok");
  await finishedExecutions(okId, 3);
  const next = await staffCall<TSyncSummary>("POST", `${at}/sync`);
  expect(next.json).toMatchObject({ health: "ok", executionsRead: 1, runsStored: 1 });
  expect(await runsOf(created.json.automationId)).toHaveLength(3);

  // Reconcile: nothing missing on either side.
  const reconciled = await staffCall<TReconcileResponse>("POST", `${at}/reconcile`);
  expect(reconciled.json.automations).toHaveLength(3);
  for (const entry of reconciled.json.automations) {
    expect(entry.syncedNow).toBe(0);
    for (const window of entry.windows) expect(window).toMatchObject({ missingInCogwork: 0, missingInPlatform: 0 });
  }
  const daily = reconciled.json.automations.find((entry) => entry.automationId === created.json.automationId)!;
  expect(daily.windows.map((w) => [w.days, w.executions, w.runs])).toEqual([
    [1, 3, 3],
    [30, 3, 3],
  ]);

  // Retry: the flag is cleared, n8n runs the failed execution again, the new run succeeds.
  failing = false;
  const retried = await staffCall<{ newExecutionId: string }>(
    "POST",
    `${base}/automations/${invoices.json.id}/runs/${failedRun!.id}/retry`,
  );
  expect(retried.status).toBe(200);
  const newId = retried.json.newExecutionId;
  await until(
    "the retry's run to succeed",
    async () => {
      await staffCall("POST", `${at}/sync`);
      const [run] = await t.db
        .select()
        .from(automationRun)
        .where(and(eq(automationRun.automationId, invoices.json.id), eq(automationRun.externalId, newId)));
      return run?.status === "success";
    },
    300_000,
  );
  const [link] = await t.db.select().from(executionRetry).where(eq(executionRetry.newExecutionId, newId));
  expect(link).toMatchObject({ retriedExecutionId: String(failedExecution.id), requestedBy: staff.userId });
  expect(await runsOf(invoices.json.id)).toHaveLength(2);
  const seen = await as(acme.owner, `/api/automations/${invoices.json.id}/runs`);
  const { runs } = (await seen.json()) as TListRunsResponse;
  expect(runs.find((run) => run.externalId === String(failedExecution.id))!.retriedAs).toEqual({
    externalId: newId,
    status: "success",
  });
  expect(runs.find((run) => run.externalId === newId)!.retryOf).toBe(String(failedExecution.id));

  // A client never reaches connections; the key is in no answer.
  const refused = await as(acme.owner, `${base}/connections`);
  expect([403, 404]).toContain(refused.status);
  for (const answer of answers) expect(answer).not.toContain(n8n.apiKey);
});

test("in the browser, staff connect n8n, link a workflow, see its runs arrive and retry a failed one", async () => {
  failing = true;
  const origin = `http://127.0.0.1:${COGWORK_PORT}`;
  const globex = await givenCompany(t, { name: "Globex", owner: "owner@globex.test" });
  const workflowId = await createWorkflow(
    "Refund filing",
    [
      webhook("cw-refund"),
      node("Save refund", "n8n-nodes-base.httpRequest", 4.2, 200, {
        url: `http://127.0.0.1:${FLAG_PORT}/flag`,
        options: {},
      }),
    ],
    ["Webhook", "Save refund"],
  );
  await trigger("cw-refund");
  const [failedExecution] = await finishedExecutions(workflowId, 1);
  expect(failedExecution.status).toBe("error");

  const { browser, page } = await openStaffBrowser(origin, staff.cookie);
  const seen = expectInBrowser.configure({ timeout: 60_000 });
  try {
    // Connect: the key is proven by "Test connection" before it can be saved.
    await page.goto(`${origin}/clients/${globex.id}?tab=connections`);
    await page.getByRole("button", { name: "Connect n8n" }).click();
    const form = page.getByRole("form", { name: "Connect n8n" });
    await form.getByLabel("Name").fill("Globex n8n");
    await form.getByLabel("Base URL").fill(n8n.baseUrl);
    await form.getByLabel("API key", { exact: true }).fill(n8n.apiKey);
    await seen(form.getByRole("button", { name: "Save connection" })).toBeDisabled();
    await form.getByRole("button", { name: "Test connection" }).click();
    await seen(form.getByText(/^Connected: /)).toBeVisible();
    await form.getByRole("button", { name: "Save connection" }).click();
    const card = page.getByRole("article", { name: "Globex n8n" });
    await seen(card.getByText("Connected", { exact: true })).toBeVisible();
    await seen(card.getByText(`…${n8n.apiKey.slice(-4)}`)).toBeVisible();

    // Link: an automation created from the workflow, its name and trigger prefilled.
    await card.getByRole("button", { name: "Create automation from Refund filing" }).click();
    await seen(card.getByLabel("Automation name")).toHaveValue("Refund filing");
    await card.getByRole("button", { name: "Create and link" }).click();
    await seen(card.getByText(/^Linked to Refund filing/)).toBeVisible();

    // The runs arrive: sync now, then reconcile finds nothing missing.
    await card.getByRole("button", { name: "Sync Globex n8n now" }).click();
    await seen(page.getByText(/^Read \d+ execution\(s\): /)).toBeVisible();
    await card.getByRole("button", { name: "Reconcile Globex n8n" }).click();
    const reconciliation = card.getByRole("region", { name: "Reconciliation" });
    await seen(
      reconciliation.getByText("Every execution of the last 30 days is a run, and every run an execution."),
    ).toBeVisible();

    expect(await shootEverySize(page, "connections-n8n")).toEqual([]);

    // Retry: the failed run, on the automation's page, is retried in n8n and its retry succeeds.
    const [created] = await t.db
      .select({ id: automation.id })
      .from(automation)
      .where(eq(automation.companyId, globex.id));
    failing = false;
    await page.goto(`${origin}/my-automations/${created!.id}`);
    await page.getByRole("button", { name: /^Retry in n8n the run of / }).click();
    await seen(page.getByText(/^n8n started execution \d+; it appears as its own run/)).toBeVisible();
    await expectInBrowser(async () => {
      await staffCall("POST", `/api/staff/companies/${globex.id}/connections/${await connectionOf(globex.id)}/sync`);
      await page.reload();
      await expectInBrowser(page.getByText(/^Retried as run \d+: it succeeded\.$/)).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 300_000 });
    await seen(page.getByRole("link", { name: `run ${failedExecution.id}` })).toBeVisible();
  } finally {
    await browser.close();
  }
});

async function connectionOf(companyId: string): Promise<string> {
  const { json } = await staffCall<{ connections: TConnection[] }>(
    "GET",
    `/api/staff/companies/${companyId}/connections`,
  );
  return json.connections[0]!.id;
}
