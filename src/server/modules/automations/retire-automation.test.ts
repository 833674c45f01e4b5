import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetDashboardResponse } from "../../../shared/dashboard";
import { ZListCompanyAutomationsResponse, ZRetireAutomationResponse } from "../../../shared/staff-automations";
import { auditLog } from "../../db/schema/audit";
import { automation, automationIncident } from "../../db/schema/automations";
import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { ingestRuns } from "../ingest";
import { detectStale } from "./health.service";
import type { AutomationDetail } from "../../../shared/automations";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

const RETIRED = "This automation is retired; register a new one instead.";
const path = (id: string) => `/api/staff/companies/${ann.companyId}/automations/${id}`;
const call = (url: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(url, { ip: t.newIp(), ...init, headers: { cookie: staff.cookie } });
const retire = (id: string) => call(`${path(id)}/retire`, { method: "POST" });
const auditOf = (id: string) => t.db.select().from(auditLog).where(eq(auditLog.objectId, id));
const failRun = (key: string, n: number) =>
  postRun(t, key, { externalRunId: `fail-${n}`, status: "failed", startedAt: new Date().toISOString() });

test("retiring revokes the key, closes the incident without a notice, and audits it all at once", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Payroll export", failureThreshold: 2 });
  await failRun(a.key, 1);
  await failRun(a.key, 2);
  const recoveries = (await t.outbox("ann@acme.test")).filter((m) => m.kind === "automation-recovered").length;

  const retired = await expectBody(retire(a.id), 200, ZRetireAutomationResponse);
  expect(retired).toMatchObject({ status: "retired", lifecycleStatus: "retired", health: null, activeKey: null });

  const refused = await failRun(a.key, 3);
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toMatch(/rotated or revoked/);
  const incidents = await t.db.select().from(automationIncident).where(eq(automationIncident.automationId, a.id));
  expect(incidents).toHaveLength(1);
  expect(incidents[0]!.resolvedAt).not.toBeNull();
  const mails = (await t.outbox("ann@acme.test")).filter((m) => m.kind === "automation-recovered");
  expect(mails).toHaveLength(recoveries);

  const [entry] = await auditOf(a.id).then((rows) => rows.filter((r) => r.action === "automation.retired"));
  expect(entry).toMatchObject({
    summary: "Retired Payroll export (Acme) and revoked its ingest key",
    before: { status: "live" },
    after: { status: "retired", revokedKeys: [a.key.slice(0, 10)], closedIncidents: 1 },
  });
  expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain(a.key);
});

test("a retired automation is final: every later change is a 409 and writes nothing", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Old sync" });
  await expectBody(retire(a.id), 200, ZRetireAutomationResponse);
  const entries = (await auditOf(a.id)).length;
  const attempts = [
    call(path(a.id), { method: "PATCH", json: { status: "live" } }),
    call(`${path(a.id)}/pause`, { method: "POST" }),
    call(`${path(a.id)}/resume`, { method: "POST" }),
    retire(a.id),
    call(`${path(a.id)}/keys`, { method: "POST" }),
  ];
  for (const response of attempts) expect((await expectError(response, 409)).message).toBe(RETIRED);
  expect((await auditOf(a.id)).length).toBe(entries);
  const [row] = await t.db.select().from(automation).where(eq(automation.id, a.id));
  expect(row).toMatchObject({ status: "retired", name: "Old sync" });
});

test("retired: never Stale or Failing, not counted as live, shown as Retired after the others", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Aardvark feed", expectedEveryMinutes: 5 });
  await expectBody(retire(a.id), 200, ZRetireAutomationResponse);
  expect(await detectStale(t.context({ now: new Date(Date.now() + 365 * 86_400_000) }))).not.toContain(a.id);
  await registerAutomation(t, staff, ann.companyId!, { name: "Zebra sync" });

  const mine = await json<{ automations: AutomationDetail[] }>(as(ann, "/api/automations"));
  expect(mine.automations.map((x) => [x.name, x.status])).toEqual([
    ["Zebra sync", "live"],
    ["Aardvark feed", "retired"],
    ["Old sync", "retired"],
    ["Payroll export", "retired"],
  ]);
  const filtered = await json<{ automations: AutomationDetail[] }>(as(ann, "/api/automations?status=retired"));
  expect(filtered.automations).toHaveLength(3);
  const staffList = await expectBody(
    call(`/api/staff/companies/${ann.companyId}/automations`),
    200,
    ZListCompanyAutomationsResponse,
  );
  expect(staffList.automations.map((x) => x.lifecycleStatus)).toEqual(["live", "retired", "retired", "retired"]);

  const dashboard = ZGetDashboardResponse.parse(await json(as(ann, "/api/dashboard")));
  expect(dashboard.automations).toEqual({ total: 1, live: 1 });
  expect(dashboard.attention).toEqual([]);
});

test("a run already past the key check when the automation is retired is refused, not stored", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Racing sync" });
  const [row] = await t.db.select().from(automation).where(eq(automation.id, a.id));
  const ctx = { keyId: a.keyId, automationId: a.id, companyId: row!.companyId };
  await expectBody(retire(a.id), 200, ZRetireAutomationResponse);
  const run = {
    externalRunId: "late",
    status: "failed" as const,
    startedAt: new Date().toISOString(),
    itemsProcessed: 0,
  };
  await expect(ingestRuns(t.context(), { ctx, runs: [run] })).rejects.toMatchObject({
    code: "UNAUTHORIZED",
  });
});

test("when the audit entry cannot be written, the retirement does not happen either", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Atomic sync" });
  await t.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit log unavailable'; end; $$`);
  await t.db.execute(sql`create trigger refuse_audit before insert on audit_log
    for each row execute function refuse_audit()`);
  try {
    expect((await retire(a.id)).status).toBe(500);
    expect((await call(`${path(a.id)}/keys`, { method: "POST" })).status).toBe(500);
  } finally {
    await t.db.execute(sql`drop trigger refuse_audit on audit_log`);
    await t.db.execute(sql`drop function refuse_audit()`);
  }
  const [row] = await t.db.select().from(automation).where(eq(automation.id, a.id));
  expect(row!.status).toBe("live");
  expect((await postRun(t, a.key, { externalRunId: "still-works" })).status).toBe(201);
});
