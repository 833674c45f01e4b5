import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZListAttentionAutomationsResponse } from "../../../shared/admin";
import { automation, automationIncident } from "../../db/schema/automations";
import { json, postRun, registerAutomation } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { detectStale } from "../automations";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let acme: Caller;
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  acme = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const list = (query: string, cookie = staff.cookie) =>
  t.request(`/api/staff/automations/attention?${query}`, { headers: { cookie } });

test("failing automations across clients, with their incident's start and their last error", async () => {
  const globex = await givenClient(t, "gil@globex.test", "Globex");
  const sync = await registerAutomation(t, staff, acme.companyId!, { name: "Invoice sync", failureThreshold: 2 });
  const routing = await registerAutomation(t, staff, globex.companyId!, { name: "Lead routing", failureThreshold: 1 });
  const paused = await registerAutomation(t, staff, globex.companyId!, { name: "Paused", status: "paused" });
  const syncLast = ago(1);
  const routingLast = ago(3);
  await postRun(t, sync.key, { externalRunId: "s0", status: "failed", startedAt: ago(2), errorMessage: "Timeout" });
  await postRun(t, sync.key, { externalRunId: "s1", status: "failed", startedAt: syncLast, errorMessage: "Refused." });
  await postRun(t, routing.key, {
    externalRunId: "r0",
    status: "failed",
    startedAt: routingLast,
    errorMessage: "Quota",
  });
  for (const i of [0, 1, 2])
    await postRun(t, paused.key, { externalRunId: `p${i}`, status: "failed", startedAt: ago(1) });
  // The incidents opened at ingest; give them known times.
  await t.db
    .update(automationIncident)
    .set({ openedAt: new Date("2026-03-01T10:00:00Z") })
    .where(eq(automationIncident.automationId, sync.id));
  await t.db
    .update(automationIncident)
    .set({ openedAt: new Date("2026-03-02T10:00:00Z") })
    .where(eq(automationIncident.automationId, routing.id));

  const page = await expectBody(list("kind=failing"), 200, ZListAttentionAutomationsResponse);
  expect(page.total).toBe(2);
  expect(page.automations).toEqual([
    {
      company: { id: globex.companyId, name: "Globex" },
      automation: { id: routing.id, name: "Lead routing" },
      since: "2026-03-02T10:00:00.000Z",
      lastError: "Quota",
      lastRunAt: routingLast,
      consecutiveFailures: 1,
      expectedEveryMinutes: 60,
    },
    {
      company: { id: acme.companyId, name: "Acme" },
      automation: { id: sync.id, name: "Invoice sync" },
      since: "2026-03-01T10:00:00.000Z",
      lastError: "Refused.",
      lastRunAt: syncLast,
      consecutiveFailures: 2,
      expectedEveryMinutes: 60,
    },
  ]);

  // A success ends the streak: it leaves the list.
  await postRun(t, routing.key, { externalRunId: "r1", status: "success", startedAt: ago(0.1) });
  const after = await expectBody(list("kind=failing"), 200, ZListAttentionAutomationsResponse);
  expect(after.automations.map((a) => a.automation.name)).toEqual(["Invoice sync"]);
});

test("stale automations, since they were marked stale; a failing one is listed as failing only", async () => {
  const quiet = await registerAutomation(t, staff, acme.companyId!, { name: "Weekly report" });
  const lastRunAt = ago(5);
  await postRun(t, quiet.key, { externalRunId: "q0", status: "success", startedAt: lastRunAt });
  await detectStale(t.context());
  const page = await expectBody(list("kind=stale"), 200, ZListAttentionAutomationsResponse);
  const [row] = await t.db
    .select({ staleSince: automation.staleSince })
    .from(automation)
    .where(eq(automation.id, quiet.id));
  expect(page.automations).toEqual([
    {
      company: { id: acme.companyId, name: "Acme" },
      automation: { id: quiet.id, name: "Weekly report" },
      since: row!.staleSince!.toISOString(),
      lastError: null,
      lastRunAt,
      consecutiveFailures: 0,
      expectedEveryMinutes: 60,
    },
  ]);
});

test("the kind is required and checked; only staff may look", async () => {
  const bad = await json<{ fields: Record<string, string> }>(list("kind=broken"));
  expect(bad.fields).toEqual({ kind: "Kind must be failing or stale" });
  await expectError(list(""), 400);
  await expectError(list("kind=failing&page=0"), 400);
  await expectError(list("kind=failing", acme.cookie), 403);
  await expectError(t.request("/api/staff/automations/attention?kind=failing"), 401);
});
