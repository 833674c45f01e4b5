import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  ZCreateAutomationResponse,
  ZListCompanyAutomationsResponse,
  ZUpdateAutomationResponse,
} from "../../../shared/staff-automations";
import { auditLog } from "../../db/schema/audit";
import { automation } from "../../db/schema/automations";
import { registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller; // Acme
let bob: Caller; // Beta
let betaAutomation: { id: string; keyId: string };

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme");
  bob = await givenClient(t, "bob@beta.test", "Beta");
  betaAutomation = await registerAutomation(t, staff, bob.companyId!, { name: "Beta leads" });
}, 180_000);
afterAll(() => t.close());

const acmePath = () => `/api/staff/companies/${ann.companyId}/automations`;
/** A call as `who` (staff by default), each from its own address so that write limits never interfere. */
const call = (path: string, init: RequestInit & { json?: unknown; ip?: string } = {}, who = staff) =>
  t.request(path, { ip: t.newIp(), ...init, headers: { cookie: who.cookie } });
const entriesFor = (objectId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.objectId, objectId)).orderBy(auditLog.createdAt);
const countAudit = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog))[0]!.n;

const invoiceSync = {
  name: "Invoice sync",
  purpose: "Copies paid invoices into the books.",
  platform: "n8n",
  triggerDescription: "Every hour",
  expectedEveryMinutes: 60,
  minutesSavedPerRun: 6,
  status: "live",
};

describe("access", () => {
  test("signed out: 401; a client, even of that company: 403", async () => {
    expect((await t.request(acmePath())).status).toBe(401);
    expect((await call(acmePath(), {}, ann)).status).toBe(403);
    expect((await call(acmePath(), { json: invoiceSync }, ann)).status).toBe(403);
  });

  test("a company that does not exist: 404", async () => {
    await expectError(call(`/api/staff/companies/${crypto.randomUUID()}/automations`), 404);
    await expectError(call(`/api/staff/companies/${crypto.randomUUID()}/automations`, { json: invoiceSync }), 404);
  });
});

describe("create and list", () => {
  test("staff register an automation; the audit entry is written with it", async () => {
    const created = await expectBody(
      call(acmePath(), { json: invoiceSync, ip: "10.7.7.7" }),
      201,
      ZCreateAutomationResponse,
    );
    expect(created).toMatchObject({
      companyId: ann.companyId,
      name: "Invoice sync",
      status: "live",
      lifecycleStatus: "live",
      health: "ok",
      failureThreshold: 3,
      activeKey: null,
    });
    const [entry] = await entriesFor(created.id);
    expect(entry).toMatchObject({
      action: "automation.created",
      companyId: ann.companyId,
      objectType: "automation",
      actorEmail: "sam@agency.test",
      actorIp: "10.7.7.7",
      summary: "Registered the automation Invoice sync (Acme)",
      after: { ...invoiceSync, failureThreshold: 3 },
    });
  });

  test("bad input: 400 with each field's message, and nothing written", async () => {
    const before = await countAudit();
    const response = await call(acmePath(), {
      json: { ...invoiceSync, name: " ", platform: "excel", minutesSavedPerRun: -1, status: "retired" },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(body.fields).toMatchObject({
      name: "Required",
      platform: "Platform must be one of n8n, make, zapier, custom",
      minutesSavedPerRun: "Minutes saved per run must be at least 0",
      status: "Status must be one of building, live, paused",
    });
    expect(await countAudit()).toBe(before);
    const names = await t.db
      .select({ name: automation.name })
      .from(automation)
      .where(eq(automation.companyId, ann.companyId!));
    expect(names.map((row) => row.name)).toEqual(["Invoice sync"]);
  });

  test("the list holds only that company's automations, with their working key's prefix", async () => {
    const keyed = await registerAutomation(t, staff, ann.companyId!, { name: "Lead routing", status: "building" });
    const list = await expectBody(call(acmePath()), 200, ZListCompanyAutomationsResponse);
    expect(list.automations.map((a) => a.name)).toEqual(["Invoice sync", "Lead routing"]);
    const routing = list.automations[1]!;
    expect(routing).toMatchObject({ lifecycleStatus: "building", health: null });
    expect(routing.activeKey).toMatchObject({ id: keyed.keyId, lastUsedAt: null });
    expect(keyed.key.startsWith(routing.activeKey!.prefix)).toBe(true);
    expect(JSON.stringify(list)).not.toContain(keyed.key);
  });
});

describe("update", () => {
  test("only the fields that change are written and audited, before and after", async () => {
    const [target] = (await expectBody(call(acmePath()), 200, ZListCompanyAutomationsResponse)).automations;
    const path = `${acmePath()}/${target!.id}`;
    const updated = await expectBody(
      call(path, { method: "PATCH", json: { name: "Invoice sync (EU)", minutesSavedPerRun: 6, failureThreshold: 5 } }),
      200,
      ZUpdateAutomationResponse,
    );
    expect(updated).toMatchObject({ name: "Invoice sync (EU)", failureThreshold: 5, minutesSavedPerRun: 6 });
    const entries = await entriesFor(target!.id);
    expect(entries.at(-1)).toMatchObject({
      action: "automation.updated",
      summary: "Changed the name and failure threshold of Invoice sync (Acme)",
      before: { name: "Invoice sync", failureThreshold: 3 },
      after: { name: "Invoice sync (EU)", failureThreshold: 5 },
    });

    // The same values again change nothing, so nothing is recorded.
    const count = await countAudit();
    await expectBody(call(path, { method: "PATCH", json: { failureThreshold: 5 } }), 200, ZUpdateAutomationResponse);
    expect(await countAudit()).toBe(count);

    const refused = await call(path, { method: "PATCH", json: { failureThreshold: 0, status: "retired" } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      failureThreshold: "Failures before alert must be at least 1",
    });
    expect(await countAudit()).toBe(count);
  });

  test("pause and resume: each audited; pausing twice or resuming a live one is a conflict", async () => {
    const [target] = (await expectBody(call(acmePath()), 200, ZListCompanyAutomationsResponse)).automations;
    const path = `${acmePath()}/${target!.id}`;
    const paused = await expectBody(call(`${path}/pause`, { method: "POST" }), 200, ZUpdateAutomationResponse);
    expect(paused).toMatchObject({ status: "paused", lifecycleStatus: "paused", health: null });
    const again = await expectError(call(`${path}/pause`, { method: "POST" }), 409);
    expect(again.message).toBe("Only a live automation can be paused; Invoice sync (EU) is paused.");
    const resumed = await expectBody(call(`${path}/resume`, { method: "POST" }), 200, ZUpdateAutomationResponse);
    expect(resumed).toMatchObject({ lifecycleStatus: "live", health: "ok" });
    await expectError(call(`${path}/resume`, { method: "POST" }), 409);
    const actions = (await entriesFor(target!.id)).map((entry) => [entry.action, entry.summary]);
    expect(actions.slice(-2)).toEqual([
      ["automation.paused", "Paused Invoice sync (EU) (Acme)"],
      ["automation.resumed", "Resumed Invoice sync (EU) (Acme)"],
    ]);
  });
});

test("another company's automation through this company's path: 404, and nothing changes", async () => {
  const before = await countAudit();
  const path = `${acmePath()}/${betaAutomation.id}`;
  const attempts = [
    call(path, { method: "PATCH", json: { name: "Hijacked" } }),
    call(`${path}/pause`, { method: "POST" }),
    call(`${path}/resume`, { method: "POST" }),
    call(`${path}/retire`, { method: "POST" }),
    call(`${path}/keys`),
    call(`${path}/keys`, { method: "POST" }),
    call(`${path}/keys/${betaAutomation.keyId}`, { method: "DELETE" }),
  ];
  for (const response of await Promise.all(attempts)) {
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^There is no such (automation|active key)/,
    );
  }
  expect(await countAudit()).toBe(before);
  const [row] = await t.db
    .select()
    .from(automation)
    .where(and(eq(automation.id, betaAutomation.id), eq(automation.status, "live")));
  expect(row?.name).toBe("Beta leads");
});
