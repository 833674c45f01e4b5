import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZMonthlyReport } from "../../../shared/reports";
import { automationIncident } from "../../db/schema/automations";
import { invoice } from "../../db/schema/billing";
import { clientSummary } from "../../db/schema/companies";
import { planHistory, planItem, planProposal } from "../../db/schema/plan";
import { ticket } from "../../db/schema/support";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { refreshClientSummaries } from "../companies";
import { getClientDashboard } from "../dashboard";
import { sendDueDigests } from "../digest";
import { monthlyReport } from "./monthly-report.service";
import { seedAutomation, seedCompany, seedPerson, seedRuns } from "./reports-test-kit";
import type { Actor } from "../../context/service-context";

vi.setConfig({ testTimeout: 60_000 });

let t: TestRuntime;
let staff: Actor;
let berlin: string;
let invoiceSync: string;
let leadRouting: string;

const report = (companyId: string, month: string, now: string) =>
  monthlyReport(t.context({ actor: staff, scope: { all: true }, now: new Date(now) }), { companyId, month });

/**
 * Berlin (UTC+1, +2 from 29 March 2026 01:00 UTC), a client since 14 February 2026, at €60 an hour:
 * runs, invoices, tickets, plan items and incidents around March's edges and its DST change.
 */
async function seedBerlin() {
  berlin = await seedCompany(t, { name: "Berlin GmbH", timeZone: "Europe/Berlin", createdAt: "2026-02-14T10:00:00Z" });
  invoiceSync = await seedAutomation(t, berlin, "Invoice sync");
  leadRouting = await seedAutomation(t, berlin, "Lead routing");
  await seedRuns(t, { companyId: berlin, automationId: invoiceSync }, [
    ["2026-02-20T09:00:00Z", "success", 30], // February
    ["2026-02-28T23:30:00Z", "success", 60], // 1 March, 00:30 local
    ["2026-03-10T09:00:00Z", "success", 60],
    ["2026-03-29T00:30:00Z", "success", 30], // 29 March, 01:30 local, before the clocks go forward
    ["2026-03-29T22:30:00Z", "failed", 0], // 30 March, 00:30 local (summer time)
    ["2026-03-31T22:30:00Z", "success", 90], // 1 April, 00:30 local
  ]);
  await seedRuns(t, { companyId: berlin, automationId: leadRouting }, [
    ["2026-03-12T10:00:00Z", "success", 15],
    ["2026-03-12T11:00:00Z", "skipped", 0],
    ["2026-03-31T21:59:00Z", "success", 15], // 31 March, 23:59 local
  ]);
  const bill = { companyId: berlin, currency: "EUR" };
  await t.db.insert(invoice).values([
    { ...bill, number: "2026-0101", status: "paid", totalMinor: 10000, issuedAt: new Date("2026-02-28T23:30:00Z") },
    { ...bill, number: "2026-0102", status: "open", totalMinor: 2000, issuedAt: new Date("2026-03-15T10:00:00Z") },
    { ...bill, number: "2026-0103", status: "void", totalMinor: 99999, issuedAt: new Date("2026-03-16T10:00:00Z") },
    { ...bill, number: "2026-0104", status: "open", totalMinor: 7777, issuedAt: new Date("2026-03-31T22:30:00Z") },
    { ...bill, status: "draft", totalMinor: 5555 },
  ]);
  await seedTickets();
  await seedPlan();
  await t.db.insert(automationIncident).values([
    {
      automationId: leadRouting,
      kind: "failing",
      openedAt: new Date("2026-03-05T10:00:00Z"),
      resolvedAt: new Date("2026-03-05T13:30:00Z"),
    },
    {
      automationId: invoiceSync,
      kind: "stale",
      openedAt: new Date("2026-02-27T10:00:00Z"),
      resolvedAt: new Date("2026-03-02T10:00:00Z"),
    },
    {
      automationId: invoiceSync,
      kind: "failing",
      openedAt: new Date("2026-02-10T10:00:00Z"),
      resolvedAt: new Date("2026-02-11T10:00:00Z"),
    },
    {
      automationId: invoiceSync,
      kind: "stale",
      openedAt: new Date("2026-03-31T22:30:00Z"),
      resolvedAt: new Date("2026-04-01T10:00:00Z"),
    },
  ]);
}

const HOUR = 3_600_000;
async function seedTickets() {
  const base = { companyId: berlin, category: "other" as const };
  const at = (iso: string, plusHours = 0) => new Date(Date.parse(iso) + plusHours * HOUR);
  await t.db.insert(ticket).values([
    // Answered in 1 h, resolved in 4 h (normal: 8 h and 3 days).
    {
      ...base,
      subject: "T1",
      priority: "normal",
      status: "resolved",
      createdAt: at("2026-03-10T08:00:00Z"),
      firstRespondedAt: at("2026-03-10T08:00:00Z", 1),
      resolvedAt: at("2026-03-10T08:00:00Z", 4),
      pausedSince: at("2026-03-10T08:00:00Z", 4),
    },
    // Urgent, answered in 2 h: past its 1 h target.
    {
      ...base,
      subject: "T2",
      priority: "urgent",
      status: "waiting_on_agency",
      createdAt: at("2026-03-20T08:00:00Z"),
      firstRespondedAt: at("2026-03-20T08:00:00Z", 2),
    },
    // Opened in February, resolved in March after 8 days, 5 of them waiting on the client: 3 days, on target.
    {
      ...base,
      subject: "T3",
      priority: "normal",
      status: "resolved",
      createdAt: at("2026-02-25T08:00:00Z"),
      firstRespondedAt: at("2026-02-25T09:00:00Z"),
      resolvedAt: at("2026-03-05T08:00:00Z"),
      pausedSince: at("2026-03-05T08:00:00Z"),
      pausedMs: 5 * 24 * HOUR,
    },
    // 1 April, local time.
    { ...base, subject: "T4", priority: "normal", status: "open", createdAt: at("2026-03-31T22:30:00Z") },
  ]);
}

async function seedPlan() {
  const base = {
    companyId: berlin,
    problem: "p",
    triggerDescription: "t",
    systems: "s",
    timesPerMonth: 1,
    minutesEach: 1,
  };
  const [live, proposed, building, later] = await t.db
    .insert(planItem)
    .values([
      { ...base, title: "Invoice sync", state: "live", approvedVersion: 1, automationId: invoiceSync },
      { ...base, title: "CRM sync", state: "proposed", stateChangedAt: new Date("2026-03-20T09:00:00Z") },
      { ...base, title: "Payroll export", state: "building", approvedVersion: 1 },
      { ...base, title: "Stock alerts", state: "live" },
    ])
    .returning({ id: planItem.id });
  const proposal = {
    version: 1,
    scope: "s",
    platform: "n8n" as const,
    setupFeeMinor: 0,
    monthlyFeeChangeMinor: 0,
    currency: "EUR",
  };
  await t.db.insert(planProposal).values([
    { ...proposal, itemId: live!.id, hoursPerMonth: 10 },
    { ...proposal, itemId: building!.id, hoursPerMonth: 4, targetDate: "2026-04-30" },
    { ...proposal, itemId: proposed!.id, hoursPerMonth: 2 },
  ]);
  const history = { actorName: "Ops", side: "staff" as const, field: "state" };
  await t.db.insert(planHistory).values([
    { ...history, itemId: live!.id, fromValue: "building", toValue: "live", at: new Date("2026-03-15T10:00:00Z") },
    { ...history, itemId: later!.id, fromValue: "building", toValue: "live", at: new Date("2026-04-02T10:00:00Z") },
  ]);
}

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await seedPerson(t, { email: "ops@agency.test", staff: true });
  await seedBerlin();
}, 120_000);
afterAll(() => t.close());

test("March in Berlin, across its DST change: runs, hours, money, fees and return counted on local days", async () => {
  const march = ZMonthlyReport.parse(await report(berlin, "2026-03", "2026-04-10T12:00:00Z"));
  expect(march).toMatchObject({
    month: "2026-03",
    from: "2026-03-01",
    to: "2026-03-31",
    complete: true,
    partialSince: null,
    hasRuns: true,
    hourlyValueMinor: 6000,
    minutesSaved: 180,
    moneySavedMinor: 18000,
    feesMinor: 12000,
    returnRatio: 1.5,
    netValueMinor: 6000,
    runs: { total: 7, success: 5, failed: 1, successRate: 5 / 6 },
    previousMonth: { total: 1, success: 1, failed: 0, successRate: 1, minutesSaved: 30 },
  });
  expect(march.invoices.map((i) => [i.number, i.totalMinor])).toEqual([
    ["2026-0101", 10000],
    ["2026-0102", 2000],
  ]);
  expect(march.automations).toEqual([
    expect.objectContaining({
      name: "Invoice sync",
      runs: 4,
      success: 3,
      failed: 1,
      minutesSaved: 150,
      promisedHoursPerMonth: 10,
    }),
    expect.objectContaining({
      name: "Lead routing",
      runs: 3,
      success: 2,
      failed: 0,
      minutesSaved: 30,
      promisedHoursPerMonth: null,
    }),
  ]);
  expect(march.days).toHaveLength(31);
  expect(march.days.find((d) => d.day === "2026-03-29")).toMatchObject({ success: 1, failed: 0 });
  expect(march.days.find((d) => d.day === "2026-03-30")).toMatchObject({ success: 0, failed: 1 });
  expect(march.weeks).toEqual([
    { from: "2026-03-01", to: "2026-03-01", minutesSaved: 60 },
    { from: "2026-03-02", to: "2026-03-08", minutesSaved: 0 },
    { from: "2026-03-09", to: "2026-03-15", minutesSaved: 75 },
    { from: "2026-03-16", to: "2026-03-22", minutesSaved: 0 },
    { from: "2026-03-23", to: "2026-03-29", minutesSaved: 30 },
    { from: "2026-03-30", to: "2026-03-31", minutesSaved: 15 },
  ]);
});

test("March's incidents, support against the SLA targets and plan, on the same local month", async () => {
  const march = await report(berlin, "2026-03", "2026-04-10T12:00:00Z");
  expect(march.incidents.map((i) => [i.automationName, i.kind, i.minutesToRecover])).toEqual([
    ["Invoice sync", "stale", 3 * 24 * 60],
    ["Lead routing", "failing", 210],
  ]);
  expect(march.support).toEqual({
    opened: 2,
    answered: 2,
    answeredInTime: 1,
    averageFirstResponseMinutes: 90,
    resolved: 2,
    resolvedInTime: 2,
    averageResolutionMinutes: (240 + 3 * 24 * 60) / 2,
  });
  expect(march.plan.delivered.map((i) => i.title)).toEqual(["Invoice sync"]);
  expect(march.plan.inProgress).toEqual([
    expect.objectContaining({ title: "Payroll export", state: "building", targetDate: "2026-04-30" }),
  ]);
  expect(march.plan.awaitingClient.map((i) => i.title)).toEqual(["CRM sync"]);
});

test("the first month says it is partial from the company’s first day; months before it or not begun have no report", async () => {
  const february = await report(berlin, "2026-02", "2026-04-10T12:00:00Z");
  expect(february).toMatchObject({
    from: "2026-02-01",
    to: "2026-02-28",
    partialSince: "2026-02-14",
    minutesSaved: 30,
  });
  expect(february.days).toHaveLength(28);
  await expect(report(berlin, "2026-01", "2026-04-10T12:00:00Z")).rejects.toMatchObject({ code: "NOT_FOUND" });
  await expect(report(berlin, "2026-05", "2026-04-10T12:00:00Z")).rejects.toMatchObject({ code: "NOT_FOUND" });
  const inProgress = await report(berlin, "2026-04", "2026-04-10T12:00:00Z");
  expect(inProgress).toMatchObject({ complete: false, from: "2026-04-01", to: "2026-04-10", minutesSaved: 90 });
});

test("the report's figures are the dashboard's, the clients table's and the digest's for the same company and days", async () => {
  // Lisbon (UTC+1 in summer), runs on 4–29 May 2026 only, so that the clients table's last 30 days are May's.
  const lisbon = await seedCompany(t, {
    name: "Lisboa Lda",
    timeZone: "Europe/Lisbon",
    createdAt: "2026-04-20T00:00:00Z",
  });
  await seedPerson(t, { email: "rita@lisboa.test", companyId: lisbon, role: "owner" });
  const flows = [await seedAutomation(t, lisbon, "Orders"), await seedAutomation(t, lisbon, "Returns")];
  for (const [n, automationId] of flows.entries())
    await seedRuns(
      t,
      { companyId: lisbon, automationId },
      Array.from({ length: 26 }, (_, i) => [
        `2026-05-${String(4 + i).padStart(2, "0")}T${n ? "23:30" : "08:00"}:00Z`,
        i % 5 === 4 ? "failed" : "success",
        (i % 5 === 4 ? 0 : 7) + n * 3,
      ]),
    );
  const now = new Date("2026-05-31T22:30:00Z"); // 23:30 on the month's last day in Lisbon
  const ctx = t.context({ actor: staff, scope: { all: true }, now });
  const may = await monthlyReport(ctx, { companyId: lisbon, month: "2026-05" });
  expect(may.runs.total).toBe(52);

  const dashboard = await getClientDashboard(ctx, { companyId: lisbon });
  expect([may.minutesSaved, may.moneySavedMinor, may.runs.total, may.runs.successRate]).toEqual([
    dashboard.minutesSavedThisMonth,
    dashboard.moneySavedThisMonthMinor,
    dashboard.runsThisMonth,
    dashboard.successRateThisMonth,
  ]);

  await refreshClientSummaries(t.context({ now }));
  const [summary] = await t.db.select().from(clientSummary).where(eq(clientSummary.companyId, lisbon));
  expect(summary!.minutesSaved30d).toBe(may.minutesSaved);

  // The digest of Monday 18 May tells the week of 11–17 May, as the report's third week does.
  await sendDueDigests(t.context({ now: new Date("2026-05-18T08:00:00Z") }));
  const [digest] = (await t.outbox("rita@lisboa.test")).filter((m) => m.kind === "weekly-digest");
  const week = may.weeks.find((w) => w.from === "2026-05-11")!;
  const hours = (week.minutesSaved / 60).toLocaleString("en", { maximumFractionDigits: 1 });
  expect(digest!.text).toContain(`Hours saved: ${hours} h`);
  expect(week.minutesSaved).toBeGreaterThan(0);
  // Nothing moves once the month is over.
  const later = await report(lisbon, "2026-05", "2026-07-01T00:00:00Z");
  expect([later.minutesSaved, later.runs]).toEqual([may.minutesSaved, may.runs]);
});

test("a zone far from UTC (Kiritimati, UTC+14) puts runs and invoices in its own month", async () => {
  const far = await seedCompany(t, {
    name: "Line Islands",
    timeZone: "Pacific/Kiritimati",
    createdAt: "2026-08-01T00:00:00Z",
  });
  const auto = await seedAutomation(t, far, "Tide tables");
  await seedRuns(t, { companyId: far, automationId: auto }, [
    ["2026-09-30T09:30:00Z", "success", 10], // 30 September, 23:30 local
    ["2026-09-30T10:30:00Z", "success", 20], // 1 October, 00:30 local
    ["2026-10-31T09:30:00Z", "failed", 0], // 31 October, 23:30 local
    ["2026-10-31T10:30:00Z", "success", 40], // 1 November, 00:30 local
  ]);
  await t.db.insert(invoice).values([
    {
      companyId: far,
      currency: "EUR",
      number: "2026-0201",
      status: "open",
      totalMinor: 5000,
      issuedAt: new Date("2026-09-30T10:30:00Z"),
    },
    {
      companyId: far,
      currency: "EUR",
      number: "2026-0202",
      status: "open",
      totalMinor: 6000,
      issuedAt: new Date("2026-10-31T10:30:00Z"),
    },
  ]);
  const october = await report(far, "2026-10", "2026-11-20T00:00:00Z");
  expect(october).toMatchObject({
    minutesSaved: 20,
    runs: { total: 2, success: 1, failed: 1, successRate: 0.5 },
    previousMonth: { total: 1, minutesSaved: 10 },
    feesMinor: 5000,
  });
  expect(october.days[0]).toEqual({ day: "2026-10-01", success: 1, failed: 0, skipped: 0, running: 0 });
  expect(october.days.at(-1)).toEqual({ day: "2026-10-31", success: 0, failed: 1, skipped: 0, running: 0 });
});

test("a company with no runs gets an empty report that says so, and one without an hourly value shows hours only", async () => {
  const quiet = await seedCompany(t, { name: "Quiet Ltd", timeZone: "UTC", createdAt: "2026-05-01T00:00:00Z" });
  const june = await report(quiet, "2026-06", "2026-07-02T00:00:00Z");
  expect(june).toMatchObject({ hasRuns: false, automations: [], incidents: [], runs: { total: 0, successRate: null } });

  const unvalued = await seedCompany(t, {
    name: "No Rate BV",
    timeZone: "UTC",
    createdAt: "2026-05-01T00:00:00Z",
    hourlyValueMinor: 0,
  });
  const auto = await seedAutomation(t, unvalued, "Reports");
  await seedRuns(t, { companyId: unvalued, automationId: auto }, [["2026-06-03T10:00:00Z", "success", 45]]);
  await t.db.insert(invoice).values({
    companyId: unvalued,
    currency: "EUR",
    number: "2026-0301",
    status: "paid",
    totalMinor: 9000,
    issuedAt: new Date("2026-06-01T10:00:00Z"),
  });
  expect(await report(unvalued, "2026-06", "2026-07-02T00:00:00Z")).toMatchObject({
    hasRuns: true,
    hourlyValueMinor: null,
    minutesSaved: 45,
    moneySavedMinor: null,
    feesMinor: 9000,
    returnRatio: null,
    netValueMinor: null,
  });
});

test("a client's scope never reaches another company's report", async () => {
  const other = await seedCompany(t, { name: "Other Co", timeZone: "UTC", createdAt: "2026-01-01T00:00:00Z" });
  const ctx = t.context({
    actor: staff,
    scope: { all: false, companyId: other },
    now: new Date("2026-04-10T00:00:00Z"),
  });
  await expect(monthlyReport(ctx, { companyId: berlin, month: "2026-03" })).rejects.toMatchObject({
    code: "NOT_FOUND",
  });
  // Its own report holds nothing of Berlin's.
  const own = await monthlyReport(ctx, { companyId: other, month: "2026-03" });
  expect([own.runs.total, own.automations, own.invoices, own.support.opened, own.plan.delivered]).toEqual([
    0,
    [],
    [],
    0,
    [],
  ]);
});
