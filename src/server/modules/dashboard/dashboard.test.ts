import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { automationRunDaily } from "../../db/schema/automations";
import { afterMs } from "../../test/clock";
import { json, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { detectStale } from "../automations";
import { DASHBOARD_CACHE_MS } from "./dashboard-cache";
import { getDashboard } from "./dashboard.service";
import type { TGetDashboardResponse } from "../../../shared/dashboard";

// PGlite and scrypt are slow on a busy machine; these tests make whole accounts.
vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let owner: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  owner = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

const at = (date: Date, hour: number) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour)).toISOString();

test("a new company gets honest zeros", async () => {
  const dash = await json<TGetDashboardResponse>(as(owner, "/api/dashboard"));
  expect(dash).toMatchObject({
    automations: { total: 0, live: 0 },
    minutesSavedThisMonth: 0,
    runsThisMonth: 0,
    successRateThisMonth: null,
    attention: [],
    recent: [],
  });
  expect(dash.days30).toHaveLength(30);
  expect(dash.company).toMatchObject({ name: "Acme", hourlyValueMinor: 5000, role: "owner" });
});

test("figures: hours and money this month and last, runs, success rate, chart, attention", async () => {
  const a = await registerAutomation(t, staff, owner.companyId!, { name: "Invoices", minutesSavedPerRun: 30 });
  const b = await registerAutomation(t, staff, owner.companyId!, {
    name: "Leads",
    minutesSavedPerRun: 10,
    expectedEveryMinutes: 60,
  });
  const now = new Date();
  // The 1st of last month: within the same days of last month whatever today is.
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const today = at(now, 0);
  await t.request("/api/v1/runs/batch", {
    headers: { authorization: `Bearer ${a.key}` },
    json: {
      runs: [
        { externalRunId: "1", status: "success", startedAt: today },
        { externalRunId: "2", status: "success", startedAt: today, minutesSaved: 90 },
        { externalRunId: "3", status: "failed", startedAt: today, errorMessage: "Down" },
        { externalRunId: "4", status: "skipped", startedAt: today },
        { externalRunId: "5", status: "success", startedAt: at(lastMonth, 10) },
      ],
    },
  });
  for (const n of [1, 2, 3]) {
    await t.request("/api/v1/runs", {
      headers: { authorization: `Bearer ${b.key}` },
      json: { externalRunId: `f${n}`, status: "failed", startedAt: new Date(Date.now() - n * 1000).toISOString() },
    });
  }
  await as(owner, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 6000 } });

  const dash = await json<TGetDashboardResponse>(as(owner, "/api/dashboard"));
  expect(dash.minutesSavedThisMonth).toBe(120);
  expect(dash.minutesSavedLastMonth).toBe(30);
  expect(dash.moneySavedThisMonthMinor).toBe(12000); // 2 h × 60.00
  expect(dash.moneySavedLastMonthMinor).toBe(3000);
  expect(dash.runsThisMonth).toBe(7);
  expect(dash.successRateThisMonth).toBeCloseTo(2 / 6);
  expect(dash.days30.at(-1)).toMatchObject({ success: 2, failed: 4, skipped: 1 });
  expect(dash.attention).toEqual([expect.objectContaining({ name: "Leads", status: "failing" })]);
  expect(dash.recent.length).toBeGreaterThan(0);

  // The health monitor runs in the background: its verdict shows once the kept dashboard lapses.
  await detectStale(t.context({ now: new Date(Date.now() + 3 * 86_400_000) }));
  const later = await afterMs(DASHBOARD_CACHE_MS, () => json<TGetDashboardResponse>(as(owner, "/api/dashboard")));
  expect(later.attention.map((x) => [x.name, x.status])).toEqual([
    ["Invoices", "stale"],
    ["Leads", "failing"],
  ]);

  // The list's figures agree with the dashboard's.
  const list = await json<{ automations: { minutesSavedThisMonth: number; runsThisMonth: number }[] }>(
    as(owner, "/api/automations"),
  );
  expect(list.automations.reduce((sum, x) => sum + x.minutesSavedThisMonth, 0)).toBe(dash.minutesSavedThisMonth);
  expect(list.automations.reduce((sum, x) => sum + x.runsThisMonth, 0)).toBe(dash.runsThisMonth);
});

test("only the owner sets the hourly value", async () => {
  await as(owner, "/api/company/invitations", { json: { email: "max@acme.test" } });
  const member = await givenClient(t, "max@acme.test");
  const token = (await t.outbox("max@acme.test"))
    .find((m) => m.kind === "company-invitation")!
    .text.match(/token=([\w-]+)/)![1];
  expect((await as(member, "/api/company/invitations/accept", { json: { token } })).status).toBe(200);
  const denied = await as(member, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 1 } });
  expect(denied.status).toBe(403);
  const invalid = await as(owner, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 12.5 } });
  expect(invalid.status).toBe(400);
  const dash = await json<TGetDashboardResponse>(as(member, "/api/dashboard"));
  expect(dash.company).toMatchObject({ name: "Acme", hourlyValueMinor: 6000, role: "member" });
});

test("this month so far is compared with the same days of last month, not all of it", async () => {
  const bea = await givenClient(t, "bea@bolt.test", "Bolt");
  const { id } = await registerAutomation(t, staff, bea.companyId!, { name: "Bolt sync" });
  const row = (day: string, minutesSaved: number) => ({
    automationId: id,
    companyId: bea.companyId!,
    day,
    minutesSaved,
    success: 1,
  });
  await t.db.insert(automationRunDaily).values([
    row("2026-02-01", 60),
    row("2026-02-10", 30), // the 10th: counted on 10 March
    row("2026-02-11", 600), // after the 10th: not compared with 1–10 March
    row("2026-02-28", 900),
    row("2026-03-03", 120),
  ]);
  const scope = { all: false as const, companyId: bea.companyId! };
  const viewer = { actor: { id: bea.userId, email: bea.email, name: "", role: null, ip: null }, scope };
  const tenth = await getDashboard(t.context({ ...viewer, now: new Date("2026-03-10T12:00:00Z") }), {
    emailVerified: true,
  });
  expect(tenth.comparedWith).toEqual({ from: "2026-02-01", to: "2026-02-10" });
  expect(tenth.minutesSavedLastMonth).toBe(90);
  expect(tenth.minutesSavedThisMonth).toBe(120);
  // On the 31st, a shorter last month counts whole.
  const last = await getDashboard(t.context({ ...viewer, now: new Date("2026-03-31T08:00:00Z") }), {
    emailVerified: true,
  });
  expect(last.comparedWith).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  expect(last.minutesSavedLastMonth).toBe(1590);
});
