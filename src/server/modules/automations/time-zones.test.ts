import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { DAY_MS } from "../../../shared/days";
import { auditLog } from "../../db/schema/audit";
import { automationRunDaily } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { weeklyDigest } from "../../db/schema/notifications";
import { json, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { getDashboard } from "../dashboard";
import { sendDueDigests } from "../digest";
import type { TListRunsResponse } from "../../../shared/automations";

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

const setZone = (who: Caller, timeZone: string) =>
  as(who, "/api/company/time-zone", { method: "PUT", json: { timeZone } });

async function rollup(automationId: string) {
  const rows = await t.db
    .select({ day: automationRunDaily.day, success: automationRunDaily.success })
    .from(automationRunDaily)
    .where(eq(automationRunDaily.automationId, automationId))
    .orderBy(automationRunDaily.day);
  return Object.fromEntries(rows.map((row) => [row.day, row.success]));
}

async function report(key: string, startedAt: string[]) {
  const runs = startedAt.map((at, i) => ({ externalRunId: `${at}-${i}`, status: "success", startedAt: at }));
  const res = await t.request("/api/v1/runs/batch", { headers: { authorization: `Bearer ${key}` }, json: { runs } });
  expect(res.status).toBeLessThan(300);
}

test("sign-up takes the browser's zone; an offset or an unknown zone is refused with a readable message", async () => {
  const res = await t.request("/api/auth/sign-up/email", {
    ip: t.newIp(),
    json: { email: "raj@kolkata.test", password: "correct horse battery", timeZone: "Asia/Kolkata" },
  });
  expect(res.status).toBe(200);
  const zones = await t.db.select({ name: company.name, timeZone: company.timeZone }).from(company);
  expect(zones.find((z) => z.name === "Kolkata")?.timeZone).toBe("Asia/Kolkata");
  expect(zones.find((z) => z.name === "Acme")?.timeZone).toBe("UTC");

  for (const timeZone of ["+05:30", "Mars/Olympus_Mons"]) {
    const refused = await t.request("/api/auth/sign-up/email", {
      ip: t.newIp(),
      json: { email: "mo@mars.test", password: "correct horse battery", timeZone },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/time zone/i);
  }
});

// A plain member's refusal is in the tenant matrix, with every owner operation's.
test("only a company's owner changes its zone, to a known one; the change is audited", async () => {
  expect((await setZone(staff, "Europe/Berlin")).status).toBe(404);
  const bad = await setZone(owner, "Europe/Atlantis");
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { message: string }).message).toMatch(/time zone/i);
  expect(await json(setZone(owner, "Europe/Berlin"))).toEqual({ timeZone: "Europe/Berlin" });
  const page = await json<{ company: { timeZone: string } }>(as(owner, "/api/company"));
  expect(page.company.timeZone).toBe("Europe/Berlin");
  const audited = await t.db
    .select({ summary: auditLog.summary })
    .from(auditLog)
    .where(and(eq(auditLog.action, "company.time_zone_changed"), eq(auditLog.companyId, owner.companyId!)));
  expect(audited.map((a) => a.summary)).toEqual(["Changed the time zone of Acme from UTC to Europe/Berlin"]);
  expect(await json(setZone(owner, "UTC"))).toEqual({ timeZone: "UTC" });
});

test("runs count on local days across Berlin's DST changes; a change of zone regroups them, none lost", async () => {
  const a = await registerAutomation(t, staff, owner.companyId!, { name: "Berlin days", expectedEveryMinutes: null });
  await report(a.key, [
    "2026-03-28T23:30:00Z", // 29 Mar 00:30 CET
    "2026-03-29T21:59:00Z", // 29 Mar 23:59 CEST (a 23-hour day)
    "2026-03-29T22:00:00Z", // 30 Mar 00:00 CEST
    "2026-10-24T22:30:00Z", // 25 Oct 00:30 CEST (a 25-hour day)
    "2026-10-25T22:30:00Z", // 25 Oct 23:30 CET
  ]);
  expect(await rollup(a.id)).toEqual({ "2026-03-28": 1, "2026-03-29": 2, "2026-10-24": 1, "2026-10-25": 1 });

  await setZone(owner, "Europe/Berlin");
  expect(await rollup(a.id)).toEqual({ "2026-03-29": 2, "2026-03-30": 1, "2026-10-25": 2 });
  // Reported after the change: counted on its Berlin day at once.
  await report(a.key, ["2026-03-29T22:30:00Z"]);
  expect(await rollup(a.id)).toEqual({ "2026-03-29": 2, "2026-03-30": 2, "2026-10-25": 2 });

  // The run history's and the export's days are Berlin days too.
  const history = await json<TListRunsResponse>(
    as(owner, `/api/automations/${a.id}/runs?from=2026-03-29&to=2026-03-29`),
  );
  expect(history.runs.map((run) => run.startedAt).sort()).toEqual([
    "2026-03-28T23:30:00.000Z",
    "2026-03-29T21:59:00.000Z",
  ]);
  const csv = await (await as(owner, `/api/automations/${a.id}/runs/export.csv?from=2026-10-25&to=2026-10-25`)).text();
  expect(csv.trim().split("\n")).toHaveLength(3);

  await setZone(owner, "UTC");
  expect(await rollup(a.id)).toEqual({ "2026-03-28": 1, "2026-03-29": 3, "2026-10-24": 1, "2026-10-25": 1 });
});

test("today and this month follow the zone in Los Angeles and Kolkata (+5:30)", async () => {
  const a = await registerAutomation(t, staff, owner.companyId!, { name: "Month ends", expectedEveryMinutes: null });
  // 13:00 and 19:00 on 31 October in Los Angeles; already November in UTC for the second.
  await report(a.key, ["2026-10-31T20:00:00Z", "2026-11-01T02:00:00Z"]);
  await setZone(owner, "America/Los_Angeles");
  const scope = { all: false as const, companyId: owner.companyId! };
  const viewer = { actor: { id: owner.userId, email: owner.email, name: "", role: null, ip: null }, scope };
  const la = await getDashboard(t.context({ ...viewer, now: new Date("2026-11-01T03:00:00Z") }), {
    emailVerified: true,
  });
  expect(la.days30.at(-1)).toMatchObject({ day: "2026-10-31", success: 2 });
  expect(la.comparedWith).toEqual({ from: "2026-09-01", to: "2026-09-30" });
  expect(la.company?.timeZone).toBe("America/Los_Angeles");

  // 00:30 on 1 July in Kolkata is still 30 June in UTC.
  await report(a.key, ["2026-06-30T18:45:00Z"]);
  await setZone(owner, "Asia/Kolkata");
  const kolkata = await getDashboard(t.context({ ...viewer, now: new Date("2026-06-30T19:00:00Z") }), {
    emailVerified: true,
  });
  expect(kolkata.days30.at(-1)).toMatchObject({ day: "2026-07-01", success: 1 });
  expect(kolkata.comparedWith).toEqual({ from: "2026-06-01", to: "2026-06-01" });
  await setZone(owner, "UTC");
});

test("the weekly digest goes out on Monday at 07:00 in each company's own zone", async () => {
  const zones = { Kolkata: "Asia/Kolkata", LA: "America/Los_Angeles" };
  const ids: Record<string, string> = {};
  for (const [name, timeZone] of Object.entries(zones)) {
    const client = await givenClient(t, `owner@${name.toLowerCase()}-digest.test`, `${name} digest`);
    await setZone(client, timeZone);
    ids[name] = client.companyId!;
  }
  const digested = async () => {
    const rows = await t.db.select({ companyId: weeklyDigest.companyId }).from(weeklyDigest);
    return Object.keys(ids).filter((name) => rows.some((row) => row.companyId === ids[name]));
  };
  // A Monday at least a week after these companies were made, so that they lived through its week.
  const monday = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 8 * DAY_MS);
  while (monday.getUTCDay() !== 1) monday.setTime(monday.getTime() + DAY_MS);
  const atUtc = (hours: number) => new Date(monday.getTime() + hours * 3_600_000);

  await sendDueDigests(t.context({ now: atUtc(1.45) })); // 06:57 in Kolkata
  expect(await digested()).toEqual([]);
  await sendDueDigests(t.context({ now: atUtc(1.5) })); // 07:00 in Kolkata, Sunday afternoon in LA
  expect(await digested()).toEqual(["Kolkata"]);
  await sendDueDigests(t.context({ now: atUtc(16) })); // 08:00 (or 09:00 in summer time) on Monday in LA
  expect(await digested()).toEqual(["Kolkata", "LA"]);
});
