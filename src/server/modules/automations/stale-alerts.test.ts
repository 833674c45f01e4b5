import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { createServiceContext } from "../../context/service-context";
import { automation, automationIncident } from "../../db/schema/automations";
import { postRun, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { secondInstance } from "../../test/second-instance";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { detectStale } from "./health.service";

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

const mails = async (to: string, kind: string, name: string) =>
  (await t.outbox(to)).filter((m) => m.kind === kind && m.subject.includes(name));
const liveSince = async (id: string) =>
  (await t.db.select().from(automation).where(eq(automation.id, id)))[0]!.liveSince!.getTime();
const incidents = (id: string) =>
  t.db
    .select()
    .from(automationIncident)
    .where(and(eq(automationIncident.automationId, id), eq(automationIncident.kind, "stale")));

test("going stale sends one alert to the members and staff; the first run after it, one recovery notice", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Hourly stock sync", expectedEveryMinutes: 60 });
  const start = await liveSince(a.id);
  await detectStale(t.context({ now: new Date(start + 59 * 60_000) }));
  expect(await mails("ann@acme.test", "automation-stale", "Hourly stock sync")).toHaveLength(0);

  expect(await detectStale(t.context({ now: new Date(start + 61 * 60_000) }))).toContain(a.id);
  for (const to of ["ann@acme.test", "ops@agency.test"]) {
    const [alert, ...more] = await mails(to, "automation-stale", "Hourly stock sync");
    expect(more, to).toHaveLength(0);
    expect(alert!.subject).toBe("Automation not reporting: Hourly stock sync");
    expect(alert!.text).toContain("expected to run at least once every hour, and no run has been reported yet");
    expect(alert!.text).toMatch(/Stop alert emails: http:\/\/localhost:3000\/unsubscribe\?token=[\w-]+\.[\w-]+/);
    expect(alert!.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:3000\/api\/email-preferences\/unsubscribe\/.+>$/),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  }
  // Each recipient's link is their own.
  const [annAlert] = await mails("ann@acme.test", "automation-stale", "Hourly stock sync");
  const [opsAlert] = await mails("ops@agency.test", "automation-stale", "Hourly stock sync");
  expect(annAlert!.headers["List-Unsubscribe"]).not.toBe(opsAlert!.headers["List-Unsubscribe"]);
  // Later checks find it already stale: no second alert for the same incident.
  await detectStale(t.context({ now: new Date(start + 3 * 60 * 60_000) }));
  expect(await mails("ann@acme.test", "automation-stale", "Hourly stock sync")).toHaveLength(1);

  // A run arrives: one recovery notice; more runs, none.
  await postRun(t, a.key, { externalRunId: "back-1", startedAt: new Date().toISOString() });
  await postRun(t, a.key, { externalRunId: "back-2", startedAt: new Date().toISOString() });
  for (const to of ["ann@acme.test", "ops@agency.test"]) {
    const notices = await mails(to, "automation-stale-recovered", "Hourly stock sync");
    expect(notices, to).toHaveLength(1);
    expect(notices[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  }
  const [incident] = await incidents(a.id);
  expect(incident!.resolvedAt).not.toBeNull();

  // A new spell is a new incident, with its own alert.
  const lastRun = (await t.db.select().from(automation).where(eq(automation.id, a.id)))[0]!.lastRunAt!.getTime();
  await detectStale(t.context({ now: new Date(lastRun + 2 * 60 * 60_000) }));
  expect(await mails("ann@acme.test", "automation-stale", "Hourly stock sync")).toHaveLength(2);
  expect(await incidents(a.id)).toHaveLength(2);
});

test("several instances checking at once open one incident and send one alert", async () => {
  const names = ["Parallel A", "Parallel B", "Parallel C"];
  const ids: string[] = [];
  for (const name of names)
    ids.push((await registerAutomation(t, staff, ann.companyId!, { name, expectedEveryMinutes: 30 })).id);
  const later = new Date((await liveSince(ids[2]!)) + 31 * 60_000);
  const other = await secondInstance(t);
  try {
    const found = await Promise.all(
      [t.db, other.db, t.db, other.db, t.db, other.db].map((db) =>
        detectStale(createServiceContext({ db, app: t.context().app, wakeMail: () => {}, actor: null, now: later })),
      ),
    );
    // Each automation was marked by exactly one of the checks.
    for (const id of ids) expect(found.filter((list) => list.includes(id))).toHaveLength(1);
  } finally {
    await other.close();
  }
  for (const [i, name] of names.entries()) {
    expect(await mails("ann@acme.test", "automation-stale", name)).toHaveLength(1);
    expect(await mails("ops@agency.test", "automation-stale", name)).toHaveLength(1);
    expect(await incidents(ids[i]!)).toHaveLength(1);
  }
});

test("pausing a stale automation ends its incident without a recovery notice; it alerts again when it next goes stale", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, {
    name: "Paused while stale",
    expectedEveryMinutes: 10,
  });
  await detectStale(t.context({ now: new Date((await liveSince(a.id)) + 11 * 60_000) }));
  const path = `/api/staff/companies/${ann.companyId}/automations/${a.id}`;
  expect((await as(staff, `${path}/pause`, { method: "POST" })).status).toBe(200);
  const [closed] = await incidents(a.id);
  expect(closed!.resolvedAt).not.toBeNull();
  expect(await mails("ann@acme.test", "automation-stale-recovered", "Paused while stale")).toHaveLength(0);

  expect((await as(staff, `${path}/resume`, { method: "POST" })).status).toBe(200);
  await detectStale(t.context({ now: new Date((await liveSince(a.id)) + 11 * 60_000) }));
  expect(await mails("ann@acme.test", "automation-stale", "Paused while stale")).toHaveLength(2);
});
