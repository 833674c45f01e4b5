import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { automation, automationIncident } from "../../db/schema/automations";
import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { detectStale } from "./health.service";
import type { AutomationDetail } from "../../../shared/automations";

// PGlite and scrypt are slow on a busy machine; these tests make whole accounts.
vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller;
let cat: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme");
  // A second member of Acme, by invitation.
  await as(ann, "/api/company/invitations", { json: { email: "cat@acme.test" } });
  cat = await givenClient(t, "cat@acme.test");
  const link = (await t.outbox("cat@acme.test"))
    .find((m) => m.kind === "company-invitation")!
    .text.match(/token=([\w-]+)/)![1];
  await as(cat, "/api/company/invitations/accept", { json: { token: link } });
}, 180_000);
afterAll(() => t.close());

const status = async (id: string) => (await json<AutomationDetail>(as(ann, `/api/automations/${id}`))).status;
const mails = async (to: string, kind: string) => (await t.outbox(to)).filter((m) => m.kind === kind);

test("stale when no run arrives within the schedule, with an injected clock", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { expectedEveryMinutes: 60 });
  const [row] = await t.db.select().from(automation).where(eq(automation.id, a.id));
  const liveSince = row!.liveSince!;
  expect(await detectStale(t.context({ now: new Date(liveSince.getTime() + 59 * 60_000) }))).not.toContain(a.id);
  expect(await status(a.id)).toBe("live");
  expect(await detectStale(t.context({ now: new Date(liveSince.getTime() + 61 * 60_000) }))).toContain(a.id);
  expect(await status(a.id)).toBe("stale");
  // Detection is idempotent: a second instance finds nothing new.
  expect(await detectStale(t.context({ now: new Date(liveSince.getTime() + 62 * 60_000) }))).not.toContain(a.id);
  // A fresh run ends the stale spell.
  await postRun(t, a.key, { externalRunId: "late", startedAt: new Date().toISOString() });
  expect(await status(a.id)).toBe("live");
  // Without a schedule, never stale; paused, never stale.
  const none = await registerAutomation(t, staff, ann.companyId!, { expectedEveryMinutes: null });
  const paused = await registerAutomation(t, staff, ann.companyId!, { status: "paused" });
  const later = await detectStale(t.context({ now: new Date(Date.now() + 365 * 86_400_000) }));
  expect(later).not.toContain(none.id);
  expect(later).not.toContain(paused.id);
});

test("three failures in a row: Failing, one alert to members and staff; one recovery notice", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Payroll export" });
  const fail = (n: number) =>
    postRun(t, a.key, {
      externalRunId: `f${n}`,
      status: "failed",
      startedAt: new Date(Date.now() - (100 - n) * 1000).toISOString(),
      errorMessage: "The bank portal was down.",
    });
  await fail(1);
  await fail(2);
  expect(await status(a.id)).toBe("live");
  await fail(3);
  expect(await status(a.id)).toBe("failing");
  await fail(4);
  await fail(5);
  for (const to of ["ann@acme.test", "cat@acme.test", "ops@agency.test"]) {
    const alerts = (await mails(to, "automation-failing")).filter((m) => m.subject.includes("Payroll export"));
    expect(alerts, to).toHaveLength(1);
    expect(alerts[0]!.text).toContain("The bank portal was down.");
  }
  // Nobody outside the company hears of it.
  const outsider = await givenClient(t, "eve@other.test", "Other");
  expect(await mails(outsider.email, "automation-failing")).toHaveLength(0);

  await postRun(t, a.key, { externalRunId: "ok1", status: "success", startedAt: new Date().toISOString() });
  await postRun(t, a.key, { externalRunId: "ok2", status: "success", startedAt: new Date().toISOString() });
  expect(await status(a.id)).toBe("live");
  for (const to of ["ann@acme.test", "cat@acme.test", "ops@agency.test"]) {
    expect(
      (await mails(to, "automation-recovered")).filter((m) => m.subject.includes("Payroll export")),
      to,
    ).toHaveLength(1);
  }
  // A new incident later alerts again, once.
  for (const n of [6, 7, 8, 9])
    await postRun(t, a.key, {
      externalRunId: `g${n}`,
      status: "failed",
      startedAt: new Date(Date.now() + n * 1000).toISOString(),
    });
  expect(
    (await mails("ann@acme.test", "automation-failing")).filter((m) => m.subject.includes("Payroll export")),
  ).toHaveLength(2);
  const incidents = await t.db.select().from(automationIncident).where(eq(automationIncident.automationId, a.id));
  expect(incidents).toHaveLength(2);
});

test("concurrent failure reports open exactly one incident and send one alert", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Concurrent sync" });
  await Promise.all(
    Array.from({ length: 10 }, (_, n) =>
      postRun(t, a.key, {
        externalRunId: `c${n}`,
        status: "failed",
        startedAt: new Date(Date.now() - n * 1000).toISOString(),
      }),
    ),
  );
  expect(await status(a.id)).toBe("failing");
  expect(
    (await mails("ops@agency.test", "automation-failing")).filter((m) => m.subject.includes("Concurrent sync")),
  ).toHaveLength(1);
  // Several concurrent successes: one recovery notice.
  await Promise.all(
    Array.from({ length: 5 }, (_, n) =>
      postRun(t, a.key, { externalRunId: `s${n}`, status: "success", startedAt: new Date().toISOString() }),
    ),
  );
  expect(
    (await mails("ops@agency.test", "automation-recovered")).filter((m) => m.subject.includes("Concurrent sync")),
  ).toHaveLength(1);
});

test("a Building automation counts failures but alerts nobody", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Still building", status: "building" });
  for (const n of [1, 2, 3]) await postRun(t, a.key, { externalRunId: `b${n}`, status: "failed" });
  expect(await status(a.id)).toBe("building");
  expect(
    (await mails("ops@agency.test", "automation-failing")).filter((m) => m.subject.includes("Still building")),
  ).toHaveLength(0);
});
