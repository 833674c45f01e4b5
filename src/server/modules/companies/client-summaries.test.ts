import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZListClientsResponse } from "../../../shared/clients";
import { automation } from "../../db/schema/automations";
import { clientSummary, company } from "../../db/schema/companies";
import { startBackgroundJobs } from "../../jobs";
import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenStaff, type Caller } from "../../test/given";
import { expectBody } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { refreshClientSummaries } from "./client-summaries.service";
import type { Database } from "../../db/client";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
const DAY = 86_400_000;
/** Noon UTC yesterday: every run below is in the past, and none sits on a day's edge. */
const now = new Date(Math.floor(Date.now() / DAY) * DAY - DAY / 2);
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY).toISOString();

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
}, 180_000);
afterAll(() => t.close());

const createCompany = async (name: string) =>
  (await json<{ company: { id: string } }>(as(staff, "/api/staff/companies", { json: { name } }))).company.id;
const row = async (name: string) =>
  (await expectBody(as(staff, `/api/staff/companies?q=${encodeURIComponent(name)}`), 200, ZListClientsResponse))
    .clients[0]!;

test("the refresh counts automations, 7-day failures, 30-day savings and the last activity from the runs", async () => {
  const companyId = await createCompany("Figures Ltd");
  const quiet = await createCompany("Quiet Ltd");
  const live = await registerAutomation(t, staff, companyId, { minutesSavedPerRun: 6 });
  const paused = await registerAutomation(t, staff, companyId, { name: "Lead routing", minutesSavedPerRun: 6 });
  const retired = await registerAutomation(t, staff, companyId, { name: "Old export" });
  const runs: [string, string, number][] = [
    ["success", live.key, 0],
    ["success", live.key, 0],
    ["success", live.key, 0],
    ["failed", live.key, 6],
    ["running", live.key, 6],
    ["skipped", live.key, 6],
    ["failed", live.key, 7], // a day too old for the failure rate
    ["success", live.key, 29],
    ["success", live.key, 30], // a day too old for the savings
    ["success", paused.key, 2],
  ];
  for (const [i, [status, key, age]] of runs.entries())
    expect((await postRun(t, key, { externalRunId: `r${i}`, status, startedAt: daysAgo(age) })).status).toBe(201);
  await t.db.update(automation).set({ status: "paused" }).where(eq(automation.id, paused.id));
  await t.db.update(automation).set({ status: "retired" }).where(eq(automation.id, retired.id));
  await t.db
    .update(company)
    .set({ updatedAt: new Date(daysAgo(40)) })
    .where(eq(company.id, companyId));

  const before = await row("Figures Ltd");
  expect(before).toMatchObject({ automationsLive: 0, automationsTotal: 0, failureRate7d: null, hoursSaved30d: 0 });

  expect(await refreshClientSummaries(t.context({ now }))).toBe(true);
  expect(await row("Figures Ltd")).toMatchObject({
    automationsLive: 1,
    automationsTotal: 2,
    failureRate7d: 0.2, // 1 failed of 3 + 1 + 1 finished
    hoursSaved30d: 0.5, // 5 successful runs of 6 minutes in 30 days
    lastActivityAt: now.toISOString(),
  });
  const idle = await row("Quiet Ltd");
  expect(idle).toMatchObject({ automationsLive: 0, automationsTotal: 0, failureRate7d: null, hoursSaved30d: 0 });
  const [quietCompany] = await t.db.select().from(company).where(eq(company.id, quiet));
  expect(idle.lastActivityAt).toBe(quietCompany!.updatedAt.toISOString());

  // A second refresh updates the figures in place.
  await postRun(t, live.key, { externalRunId: "late", status: "failed", startedAt: daysAgo(0) });
  await refreshClientSummaries(t.context({ now }));
  expect((await row("Figures Ltd")).failureRate7d).toBeCloseTo(2 / 6);
  const list = await expectBody(as(staff, "/api/staff/companies"), 200, ZListClientsResponse);
  expect(list.refreshedAt).toBe(now.toISOString());
});

/** Every company's row, without the time it was written, by company name. */
const summaries = async () => {
  const rows = await t.db
    .select({ name: company.name, summary: clientSummary })
    .from(clientSummary)
    .innerJoin(company, eq(company.id, clientSummary.companyId));
  return Object.fromEntries(rows.map(({ name, summary: { refreshedAt: _, ...figures } }) => [name, figures]));
};
const refreshedAtOf = async (companyId: string) =>
  (await t.db.select().from(clientSummary).where(eq(clientSummary.companyId, companyId)))[0]?.refreshedAt.toISOString();

test("an incremental refresh rewrites only the companies that changed, and agrees with a full recompute", async () => {
  const busy = await createCompany("Busy Ltd");
  const pausing = await createCompany("Pausing Ltd");
  const touched = await createCompany("Touched Ltd");
  const still = await createCompany("Still Ltd");
  const busyAutomation = await registerAutomation(t, staff, busy, { minutesSavedPerRun: 4 });
  const pausingAutomation = await registerAutomation(t, staff, pausing);
  const stillAutomation = await registerAutomation(t, staff, still);
  for (const [key, age] of [
    [busyAutomation.key, 1],
    [pausingAutomation.key, 2],
    [stillAutomation.key, 1],
  ] as const)
    expect(
      (await postRun(t, key, { externalRunId: `base-${key}`, status: "success", startedAt: daysAgo(age) })).status,
    ).toBe(201);
  expect(await refreshClientSummaries(t.context({ now }), { full: true })).toBe(true);

  // Older than Busy's last run: only the rollup's mark can tell the refresh about it.
  for (const [i, status] of ["failed", "success", "success"].entries())
    await postRun(t, busyAutomation.key, { externalRunId: `late-${i}`, status, startedAt: daysAgo(3) });
  await t.db.update(automation).set({ status: "paused" }).where(eq(automation.id, pausingAutomation.id));
  await t.db.update(company).set({ updatedAt: now }).where(eq(company.id, touched));
  const newcomer = await createCompany("Newcomer Ltd");

  const later = new Date(now.getTime() + 60_000);
  expect(await refreshClientSummaries(t.context({ now: later }))).toBe(true);
  for (const changed of [busy, pausing, touched, newcomer])
    expect(await refreshedAtOf(changed)).toBe(later.toISOString());
  expect(await refreshedAtOf(still)).toBe(now.toISOString());
  expect(await row("Busy Ltd")).toMatchObject({ failureRate7d: 0.25, hoursSaved30d: 0.2 });
  expect(await row("Pausing Ltd")).toMatchObject({ automationsLive: 0, automationsTotal: 1 });
  expect((await row("Touched Ltd")).lastActivityAt).toBe(now.toISOString());

  const incremental = await summaries();
  await refreshClientSummaries(t.context({ now: later }), { full: true });
  expect(await summaries()).toEqual(incremental);
  const list = await expectBody(as(staff, "/api/staff/companies"), 200, ZListClientsResponse);
  expect(list.refreshedAt).toBe(later.toISOString());

  // A new day somewhere moves every company's windows: the next refresh is a full one.
  const nextDay = new Date(later.getTime() + DAY);
  await refreshClientSummaries(t.context({ now: nextDay }));
  expect(await refreshedAtOf(still)).toBe(nextDay.toISOString());
});

test("the periodic refresh runs at start, keeps going through database outages and logs them", async () => {
  const unavailable = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  let calls = 0;
  const failing = {
    transaction: () => {
      calls++;
      return Promise.reject(calls < 3 ? unavailable : new Error("syntax error"));
    },
  } as unknown as Database;
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const config = { ...t.config, CLIENT_SUMMARY_REFRESH_SECONDS: 0.01 };
  const deps = {
    db: failing,
    config,
    log,
    links: t.mailLinks,
    mailer: t.mailer,
    attachments: t.attachments,
    metrics: t.metrics,
  };
  const refresher = startBackgroundJobs({ startClientSummaries: true }, deps);
  expect(calls).toBe(1);
  // vi.waitFor gives up after one second by default: too little on a busy machine.
  await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(4), { timeout: 20_000 });
  await refresher.stop();
  const stoppedAt = calls;
  expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("the database is unavailable"));
  expect(log.error).toHaveBeenCalledWith("client figures refresh failed", expect.anything());
  await new Promise((resolve) => setTimeout(resolve, 40));
  expect(calls).toBe(stoppedAt);
});
