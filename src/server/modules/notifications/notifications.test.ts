import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetNotificationPreferencesResponse, ZUnsubscribeResponse } from "../../../shared/notifications";
import { auditLog } from "../../db/schema/audit";
import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { detectStale } from "../automations";
import { unsubscribeTokens } from "./unsubscribe-token";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller;
let cat: Caller;
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme");
  await as(ann, "/api/company/invitations", { json: { email: "cat@acme.test" } });
  cat = await givenClient(t, "cat@acme.test");
  const token = (await t.outbox("cat@acme.test"))
    .find((m) => m.kind === "company-invitation")!
    .text.match(/token=([\w-]+)/)![1];
  await as(cat, "/api/company/invitations/accept", { json: { token } });
}, 180_000);
afterAll(() => t.close());

const prefs = async (who: Caller) =>
  ZGetNotificationPreferencesResponse.parse(await json(as(who, "/api/me/notifications")));
const save = (who: Caller, body: unknown) => as(who, "/api/me/notifications", { method: "PUT", json: body });
const mails = async (to: string, kind: string, name: string) =>
  (await t.outbox(to)).filter((m) => m.kind === kind && m.subject.includes(name));
const fail = (key: string, n: number) =>
  postRun(t, key, {
    externalRunId: `f${n}`,
    status: "failed",
    startedAt: new Date(Date.now() - 1000 * (10 - n)).toISOString(),
  });
/** The one-click POST a mail client makes: no cookie, no CSRF token, a form body. */
const oneClick = (path: string) =>
  t.request(path, {
    method: "POST",
    csrf: false,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

test("preferences: every alert and the digest by default; saved, audited, and validated", async () => {
  expect(await prefs(ann)).toEqual({ alerts: "all", weeklyDigest: true, monthlyReport: true });
  const saved = await save(ann, { alerts: "failures", weeklyDigest: false });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toEqual({ alerts: "failures", weeklyDigest: false, monthlyReport: true });
  expect(await prefs(ann)).toEqual({ alerts: "failures", weeklyDigest: false, monthlyReport: true });
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.actorId, ann.userId))
    .orderBy(desc(auditLog.createdAt));
  expect(entry).toMatchObject({ action: "notifications.changed", before: { alerts: "all", weeklyDigest: true } });

  const bad = await save(ann, { alerts: "sometimes", weeklyDigest: "yes" });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ code: "VALIDATION", fields: { alerts: "Choose which alerts you want" } });
  expect(await prefs(ann)).toEqual({ alerts: "failures", weeklyDigest: false, monthlyReport: true });
  expect((await t.request("/api/me/notifications")).status).toBe(401);
  expect((await save(ann, { alerts: "all", weeklyDigest: true })).status).toBe(200);
});

test("alerts follow each person's choice: failures only skips stale alerts, none skips all", async () => {
  await save(ann, { alerts: "failures", weeklyDigest: true });
  await save(cat, { alerts: "none", weeklyDigest: true });
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Chosen alerts", expectedEveryMinutes: 5 });
  await detectStale(t.context({ now: new Date(Date.now() + 10 * 60_000) }));
  for (const n of [1, 2, 3]) await fail(a.key, n);
  const got = async (to: string) => [
    (await mails(to, "automation-stale", "Chosen alerts")).length,
    (await mails(to, "automation-failing", "Chosen alerts")).length,
  ];
  expect(await got("ops@agency.test")).toEqual([1, 1]);
  expect(await got("ann@acme.test")).toEqual([0, 1]);
  expect(await got("cat@acme.test")).toEqual([0, 0]);
  await save(ann, { alerts: "all", weeklyDigest: true });
  await save(cat, { alerts: "all", weeklyDigest: true });
});

test("failing and stale alerts speak to staff as the agency, and to the client as its customer", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Worded alerts", expectedEveryMinutes: 5 });
  await detectStale(t.context({ now: new Date(Date.now() + 10 * 60_000) }));
  for (const n of [1, 2, 3]) await fail(a.key, n);
  for (const kind of ["automation-failing", "automation-stale"]) {
    const [toStaff] = await mails("ops@agency.test", kind, "Worded alerts");
    const [toClient] = await mails("ann@acme.test", kind, "Worded alerts");
    expect(toClient!.text).toContain("The agency has been told and is looking into it.");
    expect(toStaff!.text).not.toContain("The agency has been told");
    expect(toStaff!.text).toContain("Acme's people got this alert too, saying that the agency is looking into it.");
  }
});

test("a change of one preference is audited with that field alone", async () => {
  expect((await save(ann, { alerts: "failures", weeklyDigest: true })).status).toBe(200);
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.actorId, ann.userId))
    .orderBy(desc(auditLog.createdAt));
  expect(entry).toMatchObject({ before: { alerts: "all" }, after: { alerts: "failures" } });
  expect(entry!.before).not.toHaveProperty("weeklyDigest");
  expect(entry!.after).not.toHaveProperty("weeklyDigest");
  expect((await save(ann, { alerts: "all", weeklyDigest: true })).status).toBe(200);
});

test("the alert's one-click unsubscribe works without signing in and turns off alerts only", async () => {
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Unsubscribe from me" });
  for (const n of [1, 2, 3]) await fail(a.key, n);
  const [alert] = await mails("cat@acme.test", "automation-failing", "Unsubscribe from me");
  const target = new URL(/^<(.+)>$/.exec(alert!.headers["List-Unsubscribe"]!)![1]!);
  const token = target.pathname.split("/").pop()!;
  // The page behind the link in the text carries the same token.
  expect(alert!.text).toContain(`/unsubscribe?token=${token}`);

  // Reading changes nothing (a link scanner's GET).
  expect(await json(t.request(target.pathname))).toEqual({
    email: "cat@acme.test",
    topic: "alerts",
    unsubscribed: false,
  });
  expect(await prefs(cat)).toEqual({ alerts: "all", weeklyDigest: true, monthlyReport: true });

  const res = await oneClick(target.pathname);
  expect(res.status).toBe(200);
  expect(ZUnsubscribeResponse.parse(await res.json())).toEqual({
    email: "cat@acme.test",
    topic: "alerts",
    unsubscribed: true,
  });
  expect(await prefs(cat)).toEqual({ alerts: "none", weeklyDigest: true, monthlyReport: true });
  expect((await oneClick(target.pathname)).status).toBe(200);
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.actorId, cat.userId))
    .orderBy(desc(auditLog.createdAt));
  expect(entry!.summary).toContain("unsubscribe link");

  // Nothing more reaches Cat; Ann still hears of the recovery.
  await postRun(t, a.key, { externalRunId: "ok", status: "success", startedAt: new Date().toISOString() });
  expect(await mails("cat@acme.test", "automation-recovered", "Unsubscribe from me")).toHaveLength(0);
  expect(await mails("ann@acme.test", "automation-recovered", "Unsubscribe from me")).toHaveLength(1);
});

test("forged, altered or other-purpose tokens are refused, and change nothing", async () => {
  const tokens = unsubscribeTokens("test-secret-test-secret-test-secret-0123");
  const valid = tokens.sign(ann.userId, "digest");
  const [payload, signature] = valid.split(".");
  const forgedPayload = Buffer.from(`${ann.userId}:alerts`).toString("base64url");
  const otherKey = unsubscribeTokens("another-secret-another-secret-another-1").sign(ann.userId, "alerts");
  for (const token of [`${forgedPayload}.${signature}`, otherKey, `${payload}.${signature}x`, "not-a-token"]) {
    const res = await oneClick(`/api/email-preferences/unsubscribe/${token}`);
    expect(res.status, token).toBe(404);
  }
  expect(await prefs(ann)).toEqual({ alerts: "all", weeklyDigest: true, monthlyReport: true });
  // The genuine digest token turns the digest off, and leaves the alerts as they are.
  expect((await oneClick(`/api/email-preferences/unsubscribe/${valid}`)).status).toBe(200);
  expect(await prefs(ann)).toEqual({ alerts: "all", weeklyDigest: false, monthlyReport: true });
  expect(tokens.verify(valid)).toEqual({ userId: ann.userId, topic: "digest" });
  // The monthly report's link turns the report off, and nothing else.
  const report = tokens.sign(ann.userId, "report");
  expect(await json(oneClick(`/api/email-preferences/unsubscribe/${report}`))).toEqual({
    email: "ann@acme.test",
    topic: "report",
    unsubscribed: true,
  });
  expect(await prefs(ann)).toEqual({ alerts: "all", weeklyDigest: false, monthlyReport: false });
  // A save that leaves the report out keeps it as it is; one that names it changes it.
  await save(ann, { alerts: "all", weeklyDigest: true });
  expect(await prefs(ann)).toEqual({ alerts: "all", weeklyDigest: true, monthlyReport: false });
  await save(ann, { alerts: "all", weeklyDigest: true, monthlyReport: true });
  expect(await prefs(ann)).toEqual({ alerts: "all", weeklyDigest: true, monthlyReport: true });
});
