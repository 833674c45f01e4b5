import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { createServiceContext } from "../../context/service-context";
import { automationIncident } from "../../db/schema/automations";
import { invoice } from "../../db/schema/billing";
import { weeklyDigest } from "../../db/schema/notifications";
import { planItem } from "../../db/schema/plan";
import { ticket } from "../../db/schema/support";
import { registerAutomation } from "../../test/fixtures";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { secondInstance } from "../../test/second-instance";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { ingestRuns } from "../ingest";
import { authenticateIngestKey } from "../ingest-keys";
import { sendDueDigests } from "./send-digests.service";
import type { Database } from "../../db/client";

vi.setConfig({ testTimeout: 120_000 });

/** A Monday far from today, so that the weeks around it hold only this test's runs. */
const MONDAY = new Date("2027-03-01T07:05:00Z");
const at = (iso: string) => `${iso}:00Z`;
let t: TestRuntime;
let ann: Caller;
let cat: Caller;
let bob: Caller;
/** A job pass's context on another instance's database (the system, on every company, at `now`). */
const instanceContext = (db: Database, now: Date) =>
  createServiceContext({
    db,
    wakeMail: () => {},
    app: { config: t.config, links: t.mailLinks, attachments: t.attachments },
    actor: null,
    scope: { all: true },
    now,
  });
const digests = async (to: string) => (await t.outbox(to)).filter((m) => m.kind === "weekly-digest");

beforeAll(async () => {
  t = await createTestRuntime();
  const staff = await givenStaff(t, "ops@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme");
  await as(ann, "/api/company/invitations", { json: { email: "cat@acme.test" } });
  cat = await givenClient(t, "cat@acme.test");
  const token = (await t.outbox("cat@acme.test"))
    .find((m) => m.kind === "company-invitation")!
    .text.match(/token=([\w-]+)/)![1];
  await as(cat, "/api/company/invitations/accept", { json: { token } });
  bob = await givenClient(t, "bob@beta.test", "Beta");

  // Acme's automation saves 6 minutes a run, at the default €50 an hour.
  const a = await registerAutomation(t, staff, ann.companyId!, { name: "Invoice sync", expectedEveryMinutes: null });
  const runs: [string, "success" | "failed" | "skipped", string][] = [
    ["w1", "success", "2027-02-16T09:00"], // the week before: 1 run, 1 success
    ["r1", "success", "2027-02-22T00:30"], // the reported week, Monday just after midnight
    ["r2", "success", "2027-02-24T12:00"],
    ["r3", "failed", "2027-02-26T12:00"],
    ["r4", "skipped", "2027-02-28T23:59"], // Sunday, last minute
    ["n1", "success", "2027-03-01T00:10"], // this week: not in the digest
  ];
  // The API refuses runs dated past tomorrow (plausible dates); this test lives in 2027, so its
  // runs go through the ingest service itself, on that clock.
  const ctx = (await authenticateIngestKey(t.db, a.key))!;
  for (const [externalRunId, status, startedAt] of runs) {
    const run = { externalRunId, status, startedAt: at(startedAt), itemsProcessed: 0 };
    await ingestRuns(t.context({ now: new Date(at(startedAt)) }), { ctx, runs: [run] });
  }
  await t.db.insert(automationIncident).values([
    {
      automationId: a.id,
      kind: "failing",
      openedAt: new Date(at("2027-02-20T10:00")),
      resolvedAt: new Date(at("2027-02-23T10:00")),
    },
    { automationId: a.id, kind: "stale", openedAt: new Date(at("2027-02-25T10:00")) }, // still open
    {
      automationId: a.id,
      kind: "stale",
      openedAt: new Date(at("2027-03-01T01:00")),
      resolvedAt: new Date(at("2027-03-01T02:00")),
    },
  ]);
  // What waits on Acme: a proposal, a ticket, an unpaid invoice (and things that do not wait).
  const item = {
    companyId: ann.companyId!,
    problem: "p",
    triggerDescription: "t",
    systems: "s",
    timesPerMonth: 1,
    minutesEach: 1,
  };
  await t.db.insert(planItem).values([
    { ...item, title: "Sync leads to the CRM", state: "proposed" },
    { ...item, title: "Already approved", state: "approved" },
  ]);
  await t.db.insert(ticket).values([
    { companyId: ann.companyId!, subject: "Which VAT number?", category: "billing", status: "waiting_on_client" },
    { companyId: ann.companyId!, subject: "Agency's turn", category: "other", status: "waiting_on_agency" },
  ]);
  await t.db.insert(invoice).values([
    { companyId: ann.companyId!, number: "2027-0007", status: "open", currency: "EUR", totalMinor: 49_000 },
    { companyId: ann.companyId!, number: "2027-0001", status: "paid", currency: "EUR", totalMinor: 10_000 },
  ]);
  // Cat does not want the digest.
  await as(cat, "/api/me/notifications", { method: "PUT", json: { alerts: "all", weeklyDigest: false } });
}, 300_000);
afterAll(() => t.close());

test("nothing is written before Monday 07:00 (UTC) or on another day", async () => {
  expect(await sendDueDigests(t.context({ now: new Date("2027-03-01T06:59:59Z") }))).toBe(0);
  expect(await sendDueDigests(t.context({ now: new Date("2027-02-28T12:00:00Z") }))).toBe(0);
  expect(await sendDueDigests(t.context({ now: new Date("2027-03-02T08:00:00Z") }))).toBe(0);
  expect(await digests("ann@acme.test")).toHaveLength(0);
});

test("Monday morning: one digest per member who wants it, with the week against the week before", async () => {
  expect(await sendDueDigests(t.context({ now: MONDAY }))).toBeGreaterThanOrEqual(2);
  const [mail, ...more] = await digests("ann@acme.test");
  expect(more).toHaveLength(0);
  expect(await digests("cat@acme.test")).toHaveLength(0);
  expect(await digests("ops@agency.test")).toHaveLength(0);
  expect(await digests("bob@beta.test")).toHaveLength(1);
  expect(mail!.subject).toBe("Your week with Cogwork: Acme, 22 Feb – 28 Feb");
  const text = mail!.text;
  expect(text).toContain("Runs: 4 (week before: 1)");
  expect(text).toContain("Success rate: 66.7 % (week before: 100.0 %)");
  expect(text).toContain("Hours saved: 0.2 h (week before: 0.1 h)");
  expect(text).toContain("Money saved: €10.00 (week before: €5.00)");
  expect(text).toContain("Incidents: 1 opened, 1 closed");
  expect(text).toContain("1 proposal to approve: Sync leads to the CRM");
  expect(text).toContain("1 ticket waits for your answer: Which VAT number?");
  expect(text).toContain("1 unpaid invoice (€490.00): 2027-0007");
  expect(text).not.toContain("Already approved");
  expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail!.headers["List-Unsubscribe"]).toMatch(
    /^<http:\/\/localhost:3000\/api\/email-preferences\/unsubscribe\/[\w-]+\.[\w-]+>$/,
  );
  // Beta had no runs: honest zeros, nothing waiting.
  const beta = (await digests("bob@beta.test"))[0]!.text;
  expect(beta).toContain("Runs: 0 (week before: 0)");
  expect(beta).toContain("Success rate: no finished runs (week before: no finished runs)");
  expect(beta).toContain("Waiting on you: Nothing: you are all caught up.");
  const [claim] = await t.db.select().from(weeklyDigest).where(eq(weeklyDigest.companyId, ann.companyId!));
  expect(claim).toMatchObject({ weekStart: "2027-02-22", recipients: 1 });
});

test("later passes and other instances, even at once, never write a company's week twice", async () => {
  expect(await sendDueDigests(t.context({ now: new Date("2027-03-01T09:00:00Z") }))).toBe(0);
  expect(await digests("ann@acme.test")).toHaveLength(1);
  // The next Monday, five passes at once, from two "instances".
  const other = await secondInstance(t);
  try {
    const next = new Date("2027-03-08T07:00:00Z");
    const counts = await Promise.all(
      [t.db, other.db, t.db, other.db, t.db].map((db) => sendDueDigests(instanceContext(db, next))),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(
      (await t.db.select().from(weeklyDigest).where(eq(weeklyDigest.weekStart, "2027-03-01"))).length,
    );
  } finally {
    await other.close();
  }
  expect(await digests("ann@acme.test")).toHaveLength(2);
  expect(await digests("bob@beta.test")).toHaveLength(2);
});

test("the digest's unsubscribe link turns the digest off without signing in, and leaves alerts on", async () => {
  const [mail] = await digests("bob@beta.test");
  const url = new URL(/^<(.+)>$/.exec(mail!.headers["List-Unsubscribe"]!)![1]!);
  const res = await t.request(url.pathname, {
    method: "POST",
    csrf: false,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ email: "bob@beta.test", topic: "digest", unsubscribed: true });
  const prefs = await as(bob, "/api/me/notifications");
  expect(await prefs.json()).toEqual({ alerts: "all", weeklyDigest: false, monthlyReport: true });
  await sendDueDigests(t.context({ now: new Date("2027-03-15T07:00:00Z") }));
  expect(await digests("bob@beta.test")).toHaveLength(2);
  expect(await digests("ann@acme.test")).toHaveLength(3);
});
