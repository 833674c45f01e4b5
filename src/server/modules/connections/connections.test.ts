import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { automationRun } from "../../db/schema/automations";
import { platformConnection } from "../../db/schema/connections";
import { mailOutbox } from "../../db/schema/mail";
import { outboundPolicyFor } from "../../lib/outbound-http";
import { registerAutomation } from "../../test/fixtures";
import { as, givenCompany, givenStaff, type Caller, type GivenCompany } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { startFakeN8n } from "./connections-test-kit";
import { ConnectorError } from "./connector";
import { n8nConnector } from "./n8n-connector";
import { clientSafeErrorLine, runStatusOf, utcInstant } from "./n8n-mapping";
import { syncAllConnections } from "./index";
import type { TListRunsResponse } from "../../../shared/automations";
import type { TConnection, TReconcileResponse, TSyncSummary } from "../../../shared/connections";

vi.setConfig({ testTimeout: 60_000 });

const API_KEY = "n8n_fake_api_key_0123456789_abcd";
let t: TestRuntime;
let fake: Awaited<ReturnType<typeof startFakeN8n>>;
let staff: Caller;
let acme: GivenCompany;
const answers: string[] = [];

beforeAll(async () => {
  t = await createTestRuntime();
  fake = await startFakeN8n(API_KEY);
  staff = await givenStaff(t, "staff@agency.test");
  acme = await givenCompany(t, { name: "Acme", owner: "owner@acme.test" });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

async function call<T>(who: Caller, method: string, path: string, body?: unknown) {
  const response = await as(who, path, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

/** n8n writes New York's offset: 09:00-05:00 is 14:00 UTC. */
const ny = (day: string, time: string) => `${day}T${time}.000-05:00`;

describe("mapping n8n's executions", () => {
  test("statuses map to run statuses; running and waiting stay open", () => {
    expect(["success", "error", "crashed", "canceled", "running", "waiting", "new"].map(runStatusOf)).toEqual([
      "success",
      "failed",
      "failed",
      "skipped",
      "running",
      "running",
      "running",
    ]);
  });

  test("times carrying n8n's zone offset are stored in UTC", () => {
    expect(utcInstant("2026-11-20T09:00:00.000-05:00")!.toISOString()).toBe("2026-11-20T14:00:00.000Z");
    expect(utcInstant("2026-11-20T14:00:00")!.toISOString()).toBe("2026-11-20T14:00:00.000Z");
    expect(utcInstant("not a time")).toBeNull();
  });

  test("the error line names the step and keeps addresses and tokens out", () => {
    const line = clientSafeErrorLine(
      "Save invoice",
      "Request to https://erp.internal/api?token=abc failed with key sk_live_0123456789abcdef0123456789abcdef\nstack…",
    );
    expect(line).toBe("The step “Save invoice” failed: Request to [address] failed with key [hidden]");
    expect(clientSafeErrorLine(null, "word ".repeat(200))).toHaveLength(300);
  });
});

describe("the n8n connector", () => {
  test("reads new executions by cursor, re-reads running ones until they finish, and stops at the backfill's start", async () => {
    const connector = n8nConnector({
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
      policy: outboundPolicyFor("test", "off"),
    });
    fake.state.executions.push(
      {
        id: "1",
        workflowId: "9",
        status: "success",
        startedAt: ny("2026-09-01", "09:00:00"),
        stoppedAt: ny("2026-09-01", "09:00:05"),
      },
      ...Array.from({ length: 300 }, (_, i) => ({
        id: String(10 + i),
        workflowId: "9",
        status: "success",
        startedAt: ny("2026-11-20", "09:00:00"),
        stoppedAt: ny("2026-11-20", "09:00:05"),
      })),
      { id: "400", workflowId: "9", status: "running", startedAt: ny("2026-11-20", "10:00:00"), stoppedAt: null },
    );
    const first = await connector.executionsSince("9", null, new Date("2026-10-25T00:00:00Z"));
    expect(first.executions).toHaveLength(301); // two pages; the September one is before the backfill
    expect(JSON.parse(first.cursor)).toEqual({ after: 400, open: ["400"] });
    Object.assign(
      fake.state.executions.find((e) => e.id === "400")!,
      { status: "success", stoppedAt: ny("2026-11-20", "10:00:09") },
    );
    fake.state.executions.push({
      id: "401",
      workflowId: "9",
      status: "error",
      startedAt: ny("2026-11-20", "11:00:00"),
      stoppedAt: ny("2026-11-20", "11:00:01"),
      errorNode: "Save",
      errorMessage: "Boom",
    });
    const next = await connector.executionsSince("9", first.cursor, new Date("2026-10-25T00:00:00Z"));
    expect(next.executions.map((e) => [e.id, e.status, e.finishedAt?.toISOString()])).toEqual([
      ["401", "failed", "2026-11-20T16:00:01.000Z"],
      ["400", "success", "2026-11-20T15:00:09.000Z"],
    ]);
    expect(next.executions[0]!.errorMessage).toBe("The step “Save” failed: Boom");
    expect(JSON.parse(next.cursor)).toEqual({ after: 401, open: [] });
  });

  test("a refused key is unauthorized, no answer is unreachable, and loopback is refused under production rules", async () => {
    const wrong = n8nConnector({
      baseUrl: fake.baseUrl,
      apiKey: "wrong-key",
      policy: outboundPolicyFor("test", "off"),
    });
    await expect(wrong.listWorkflows()).rejects.toMatchObject({ health: "unauthorized" });
    const production = n8nConnector({
      baseUrl: fake.baseUrl.replace("http:", "https:"),
      apiKey: API_KEY,
      policy: outboundPolicyFor("production", "off"),
    });
    const refused = await production.listWorkflows().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConnectorError);
    expect(refused).toMatchObject({
      health: "unreachable",
      message: "127.0.0.1 resolves to a private or loopback address, which may not be reached from here",
    });
    const nowhere = n8nConnector({
      baseUrl: "http://127.0.0.1:9",
      apiKey: API_KEY,
      policy: outboundPolicyFor("test", "off"),
    });
    await expect(nowhere.listWorkflows()).rejects.toMatchObject({ health: "unreachable" });
  });
});

describe("connections through the API", () => {
  test("staff connect, link, sync by the job; a client never reaches connections; the key is in no answer and not stored in clear", async () => {
    const base = `/api/staff/companies/${acme.id}`;
    const bad = await call<{ health: string }>(staff, "POST", `${base}/connections/test`, {
      baseUrl: fake.baseUrl,
      apiKey: "wrong-key-123",
    });
    expect(bad.json.health).toBe("unauthorized");
    const refusedSave = await call(staff, "POST", `${base}/connections`, {
      name: "n8n",
      baseUrl: fake.baseUrl,
      apiKey: "wrong-key-123",
    });
    expect(refusedSave.status).toBe(400);
    const created = await call<TConnection>(staff, "POST", `${base}/connections`, {
      name: "Agency n8n",
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ apiKeyLast4: "abcd", health: "ok", linkedWorkflows: 0 });
    const [row] = await t.db.select().from(platformConnection).where(eq(platformConnection.id, created.json.id));
    expect(row!.apiKeySealed).not.toContain(API_KEY);

    for (const client of [acme.owner]) {
      expect((await call(client, "GET", `${base}/connections`)).status).toBe(403);
      expect(
        (await call(client, "POST", `${base}/connections/test`, { baseUrl: fake.baseUrl, apiKey: API_KEY })).status,
      ).toBe(403);
    }

    const automation = await registerAutomation(t, staff, acme.id, { name: "Invoice filing" });
    fake.state.executions.push(
      {
        id: "500",
        workflowId: "1",
        status: "success",
        startedAt: new Date(Date.now() - 3_600_000).toISOString(),
        stoppedAt: new Date(Date.now() - 3_590_000).toISOString(),
      },
      {
        id: "501",
        workflowId: "1",
        status: "crashed",
        startedAt: new Date(Date.now() - 1_800_000).toISOString(),
        stoppedAt: new Date(Date.now() - 1_790_000).toISOString(),
        errorNode: "Save invoice",
        errorMessage: "Out of memory",
      },
    );
    // The workflow pushed execution 500 itself before the connection existed: it counts once.
    await t.request("/api/v1/runs", {
      headers: { authorization: `Bearer ${automation.key}` },
      json: { externalRunId: "500", status: "success", startedAt: new Date(Date.now() - 3_600_000).toISOString() },
    });
    const at = `${base}/connections/${created.json.id}`;
    expect((await call(staff, "POST", `${at}/links`, { workflowId: "1", automationId: automation.id })).status).toBe(
      201,
    );
    expect((await call(staff, "POST", `${at}/links`, { workflowId: "1", automationId: automation.id })).status).toBe(
      409,
    );

    expect(await syncAllConnections(t.context())).toBe(1);
    const runs = await t.db.select().from(automationRun).where(eq(automationRun.automationId, automation.id));
    expect(runs.map((r) => [r.externalId, r.status, r.errorMessage]).sort()).toEqual([
      ["500", "success", null],
      ["501", "failed", "The step “Save invoice” failed: Out of memory"],
    ]);
    const again = await call<TSyncSummary>(staff, "POST", `${at}/sync`);
    expect(again.json).toMatchObject({ health: "ok", executionsRead: 0, runsStored: 0 });

    const reconciled = await call<TReconcileResponse>(staff, "POST", `${at}/reconcile`);
    expect(reconciled.json.automations[0]!.windows).toEqual([
      { days: 1, executions: 2, runs: 2, missingInCogwork: 0, missingInPlatform: 0 },
      { days: 30, executions: 2, runs: 2, missingInCogwork: 0, missingInPlatform: 0 },
    ]);

    const failed = runs.find((r) => r.externalId === "501")!;
    const retried = await call<{ newExecutionId: string }>(
      staff,
      "POST",
      `${base}/automations/${automation.id}/runs/${failed.id}/retry`,
    );
    expect(retried.status).toBe(200);
    const retryRun = await t.db
      .select()
      .from(automationRun)
      .where(eq(automationRun.externalId, retried.json.newExecutionId));
    expect(retryRun[0]?.status).toBe("success");
    // The client sees that the failed run was retried, and how the retry went.
    const seen = await call<TListRunsResponse>(acme.owner, "GET", `/api/automations/${automation.id}/runs`);
    const byId = new Map(seen.json.runs.map((run) => [run.externalId, run]));
    expect(byId.get("501")!.retriedAs).toEqual({ externalId: retried.json.newExecutionId, status: "success" });
    expect(byId.get(retried.json.newExecutionId)!.retryOf).toBe("501");
    expect(byId.get("500")!.retriedAs).toBeNull();
    const notFailed = runs.find((r) => r.externalId === "500")!;
    expect((await call(staff, "POST", `${base}/automations/${automation.id}/runs/${notFailed.id}/retry`)).status).toBe(
      409,
    );

    const entries = await t.db.select().from(auditLog);
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["connection.created", "connection.workflow_linked", "run.retried"]),
    );
    for (const text of [...answers, JSON.stringify(entries)]) expect(text).not.toContain(API_KEY);
  });

  test("a connection failing for 15 minutes alerts staff once, and its recovery sends one notice", async () => {
    const created = await call<TConnection>(staff, "POST", `/api/staff/companies/${acme.id}/connections`, {
      name: "Flaky n8n",
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
    });
    await t.db.update(platformConnection).set({ syncLeaseUntil: null });
    const mailsTo = async () =>
      (await t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt)))
        .filter((mail) => mail.to === "staff@agency.test" && mail.subject.includes("Flaky n8n"))
        .map((mail) => mail.subject);
    const start = Date.now() + 60_000;
    fake.state.down = true;
    for (const minutes of [0, 5, 14, 15, 16, 30])
      await syncAllConnections(t.context({ now: new Date(start + minutes * 60_000) }));
    const [failing] = await t.db.select().from(platformConnection).where(eq(platformConnection.id, created.json.id));
    expect(failing).toMatchObject({ health: "unreachable", lastError: "n8n answered 503" });
    fake.state.down = false;
    for (const minutes of [31, 32]) await syncAllConnections(t.context({ now: new Date(start + minutes * 60_000) }));
    await expect
      .poll(mailsTo)
      .toEqual(["n8n connection Flaky n8n has failed for 15 minutes", "n8n connection Flaky n8n works again"]);
  });
});
