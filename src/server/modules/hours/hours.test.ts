import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ZGetHoursResponse } from "../../../shared/hours";
import { auditLog } from "../../db/schema/audit";
import { invoice, pendingCharge, subscription } from "../../db/schema/billing";
import { company } from "../../db/schema/companies";
import { hoursSettlement, timeEntry } from "../../db/schema/hours";
import { as, givenClient, givenCompany, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { renderInvoicePdf } from "../billing/invoices/invoice-pdf";
import { readInvoice } from "../billing/invoices/invoice-pdf.service";
import { upcomingInvoiceOf } from "../billing/invoices/upcoming-invoice";
import { advancePeriod, runBillingCycle } from "../billing/subscriptions/billing-cycle.service";
import { changePlan, quoteChange } from "../billing/subscriptions/change-plan.service";
import { subscribeCompany } from "../billing/subscriptions/subscribe-company.service";
import { decideExtraHours } from "./approve-extra-hours.service";
import { getClientHours } from "./get-hours.service";
import { setClientHoursTerms, setPlanHours } from "./hours-terms.service";
import { createTimeEntry, deleteTimeEntry, LOCKED_ENTRY, updateTimeEntry } from "./time-entries.service";
import { getTimer, startTimer, stopTimer } from "./timer.service";

let t: TestRuntime;
let staff: Caller;
let acme: Caller;
beforeAll(async () => {
  t = await createTestRuntime({ BILLING_TAX_RATE_PERCENT: "21", BILLING_IBAN: "NL91ABNA0417164300" });
  staff = await givenStaff(t, "staff@hours.test");
  acme = (await givenCompany(t, { name: "Acme Hours", owner: "owner@acme-hours.test" })).owner;
  await t.db.update(company).set({ timeZone: "Europe/Amsterdam" }).where(eq(company.id, acme.companyId!));
  const terms = { overageRateMinor: 9500, rolloverCapMinutes: 300 };
  await setPlanHours(staffAt(), {
    planSlug: "growth",
    includedMinutes: 600,
    hoursRollover: true,
    overageNeedsApproval: false,
    ...terms,
  });
  await setPlanHours(staffAt(), {
    planSlug: "starter",
    includedMinutes: 300,
    hoursRollover: false,
    overageNeedsApproval: true,
    ...terms,
  });
}, 180_000);
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const staffAt = (now?: Date) =>
  t.context({ actor: { id: staff.userId, email: staff.email, name: "Staff", role: "admin", ip: null }, now });
const ownerAt = (who: Caller, now?: Date) =>
  t.context({
    actor: { id: who.userId, email: who.email, name: "Owner", role: "user", ip: null },
    scope: { all: false, companyId: who.companyId! },
    now,
  });
const log = (companyId: string, now: string, day: string, minutes: number, more: Record<string, unknown> = {}) =>
  createTimeEntry(staffAt(at(now)), {
    companyId,
    day,
    minutes,
    description: `Work on ${day}`,
    internalNote: null,
    billable: true,
    ...more,
  });
const subscribe = (companyId: string, planSlug: string, now: string) =>
  subscribeCompany(staffAt(at(now)), { companyId, planSlug, interval: "monthly", trialDays: 0 });
const hoursMails = async (email: string) => (await t.outbox(email)).filter((m) => m.kind === "hours-usage");

test("a plan's hours apply to its subscriptions, and staff can give one client its own terms and take them back", async () => {
  const companyId = acme.companyId!;
  await subscribe(companyId, "growth", "2026-03-01T00:00:00Z");
  const onPlan = await getClientHours(staffAt(at("2026-03-02T10:00:00Z")), { companyId });
  expect(onPlan.source).toBe("plan");
  expect(onPlan.hours.terms).toEqual({
    includedMinutes: 600,
    overageRateMinor: 9500,
    hoursRollover: true,
    rolloverCapMinutes: 300,
    overageNeedsApproval: false,
  });
  // The period's days are the company's (Amsterdam): 1 to 31 March.
  expect([onPlan.hours.firstDay, onPlan.hours.lastDay]).toEqual(["2026-03-01", "2026-03-31"]);
  const own = {
    includedMinutes: 1200,
    overageRateMinor: 8000,
    hoursRollover: false,
    rolloverCapMinutes: 0,
    overageNeedsApproval: true,
  };
  const overridden = await setClientHoursTerms(staffAt(at("2026-03-02T10:00:00Z")), { companyId, override: own });
  expect(overridden.source).toBe("override");
  expect(overridden.hours.includedMinutes).toBe(1200);
  const back = await setClientHoursTerms(staffAt(at("2026-03-02T10:00:00Z")), { companyId, override: null });
  expect([back.source, back.hours.includedMinutes]).toEqual(["plan", 600]);
  const actions = (await t.db.select().from(auditLog).where(eq(auditLog.companyId, companyId))).map((e) => e.action);
  expect(actions.filter((a) => a === "hours.terms_changed")).toHaveLength(2);
});

test("time is logged by the company's day, across the DST change; the owner is mailed once at 80 % and once at 100 %", async () => {
  const companyId = acme.companyId!;
  await log(companyId, "2026-03-10T12:00:00Z", "2026-03-10", 360);
  // 22:30 UTC on 29 March is 00:30 on the 30th in Amsterdam (summer time since that night).
  const lateNight = "2026-03-29T22:30:00Z";
  await expect(log(companyId, lateNight, "2026-03-31", 60)).rejects.toThrow(
    "Time can be logged up to today (2026-03-30).",
  );
  await log(companyId, lateNight, "2026-03-29", 210);
  expect(await hoursMails(acme.email)).toHaveLength(1);
  await log(companyId, lateNight, "2026-03-30", 120, { internalNote: "Their API key had expired" });
  await log(companyId, lateNight, "2026-03-30", 60, { billable: false, description: "Internal tooling" });
  await log(companyId, lateNight, "2026-03-30", 1, { description: "A minute more" });
  const mails = await hoursMails(acme.email);
  expect(mails.map((m) => m.subject).sort()).toEqual([
    "You have used 80 % of this month's retainer hours",
    "You have used all of this month's retainer hours",
  ]);
  const { hours } = await getClientHours(staffAt(at(lateNight)), { companyId });
  expect(hours).toMatchObject({ usedMinutes: 691, leftMinutes: 0, overageMinutes: 91, overageMinor: 14408 });
  expect(hours.burnDown.find((d) => d.day === "2026-03-10")?.leftMinutes).toBe(240);
  expect(hours.burnDown.at(-1)).toEqual({ day: "2026-03-30", leftMinutes: -91 });
});

test("an entry is corrected and deleted with an audit entry each; the next invoice shows the extra hours as they accrue", async () => {
  const companyId = acme.companyId!;
  const now = at("2026-03-30T08:00:00Z");
  const { entries } = await getClientHours(staffAt(now), { companyId });
  const oneMinute = entries.find((e) => e.description === "A minute more")!;
  await deleteTimeEntry(staffAt(now), { entryId: oneMinute.id });
  const twoHours = entries.find((e) => e.minutes === 120)!;
  const updated = await updateTimeEntry(staffAt(now), { entryId: twoHours.id, minutes: 150 });
  expect(updated).toMatchObject({ minutes: 150, internalNote: "Their API key had expired", locked: false });
  const actions = (await t.db.select().from(auditLog).where(eq(auditLog.objectType, "time_entry"))).map(
    (e) => e.action,
  );
  expect(actions.filter((a) => a === "time_entry.created")).toHaveLength(5);
  expect(actions).toContain("time_entry.updated");
  expect(actions).toContain("time_entry.deleted");
  const upcoming = await upcomingInvoiceOf(t.context({ now }), { companyId, currency: "EUR" });
  expect(upcoming?.lines.find((line) => line.kind === "hours")).toEqual({
    kind: "hours",
    description: "Extra hours: 2h × €95.00",
    amountMinor: 19000,
    accruing: { billedBy: "invoice", awaitingMinutes: 0 },
  });
});

test("the period's extra hours become one invoice line, even after a job killed mid-run and with two instances racing; entries lock", async () => {
  const companyId = acme.companyId!;
  const later = at("2026-04-01T06:00:00Z");
  // A job killed after settling the hours but before its commit leaves nothing behind.
  await expect(
    t.context({ now: later }).transaction(async (ttx) => {
      const [sub] = await ttx.db.select().from(subscription).where(eq(subscription.companyId, companyId)).for("update");
      await advancePeriod(ttx, sub!);
      throw new Error("killed");
    }),
  ).rejects.toThrow("killed");
  expect(await t.db.select().from(hoursSettlement).where(eq(hoursSettlement.companyId, companyId))).toHaveLength(0);
  await Promise.all([runBillingCycle(t.context({ now: later })), runBillingCycle(t.context({ now: later }))]);
  await runBillingCycle(t.context({ now: later }));
  const charges = await t.db.select().from(pendingCharge).where(eq(pendingCharge.companyId, companyId));
  expect(charges.map((c) => [c.kind, c.description, c.amountMinor])).toEqual([
    ["hours", "Extra hours: 2h × €95.00", 19000],
  ]);
  const [april] = await t.db.select().from(invoice).where(eq(invoice.id, charges[0]!.invoiceId!));
  expect(april?.periodStart?.toISOString()).toBe("2026-04-01T00:00:00.000Z");
  const read = await readInvoice(t.context({ now: later }), { invoiceId: april!.id, companyId });
  expect(read.lines.map((l) => l.description)).toContain("Extra hours: 2h × €95.00");
  expect(read.hoursEntries?.map((e) => [e.day, e.minutes])).toEqual([
    ["2026-03-10", 360],
    ["2026-03-29", 210],
    ["2026-03-30", 150],
  ]);
  const pdf = await renderInvoicePdf(read, { compress: false });
  expect(pdf.length).toBeGreaterThan(1000);

  const { entries } = await getClientHours(staffAt(later), { companyId });
  expect(entries).toEqual([]);
  const [march] = await t.db.select().from(timeEntry).where(eq(timeEntry.companyId, companyId));
  expect(march?.settlementId).not.toBeNull();
  await expect(updateTimeEntry(staffAt(later), { entryId: march!.id, minutes: 10 })).rejects.toThrow(LOCKED_ENTRY);
  await expect(deleteTimeEntry(staffAt(later), { entryId: march!.id })).rejects.toThrow(LOCKED_ENTRY);
  await expect(log(companyId, "2026-04-01T06:00:00Z", "2026-03-31", 30)).rejects.toThrow(
    "2026-03-31 belongs to a period that has been invoiced; time can be logged from 2026-04-01 on.",
  );
});

test("unused hours roll over up to the cap into the next period", async () => {
  const companyId = acme.companyId!;
  await log(companyId, "2026-04-10T10:00:00Z", "2026-04-10", 240);
  await runBillingCycle(t.context({ now: at("2026-05-01T06:00:00Z") }));
  const [settled] = await t.db
    .select()
    .from(hoursSettlement)
    .where(eq(hoursSettlement.periodStart, at("2026-04-01T00:00:00Z")));
  // March used everything, so nothing rolled into April; April left 6h, capped at 5h.
  expect(settled).toMatchObject({ rolledInMinutes: 0, usedMinutes: 240, overageMinutes: 0, rolloverOutMinutes: 300 });
  const { hours } = await getClientHours(staffAt(at("2026-05-02T10:00:00Z")), { companyId });
  expect(hours).toMatchObject({ includedMinutes: 600, rolledOverMinutes: 300, leftMinutes: 900 });
});

test("included hours are prorated by the days on each plan when it changes mid-period", async () => {
  const client = await givenClient(t, "owner@prorate.test", "Prorate Co");
  const companyId = client.companyId!;
  await subscribe(companyId, "starter", "2026-03-01T00:00:00Z");
  const changeAt = staffAt(at("2026-03-16T00:00:00Z"));
  const quote = await quoteChange(changeAt, { companyId, planSlug: "growth" });
  await changePlan(changeAt, {
    companyId,
    planSlug: "growth",
    confirmedProrationMinor: quote.prorationMinor,
    by: "staff",
  });
  const { hours } = await getClientHours(staffAt(at("2026-03-20T00:00:00Z")), { companyId });
  // 15 of 31 days at 5h, 16 at 10h: 300 × 15/31 + 600 × 16/31 = 454.8 → 455 minutes.
  expect(hours.includedMinutes).toBe(455);
});

test("on a plan that needs approval, extra time waits; the owner approves or declines it, and declined time is never billed", async () => {
  const client = await givenClient(t, "owner@approve.test", "Approve Co");
  const companyId = client.companyId!;
  await subscribe(companyId, "starter", "2026-03-01T00:00:00Z");
  const now = "2026-03-20T10:00:00Z";
  await log(companyId, now, "2026-03-05", 240);
  const over = await log(companyId, now, "2026-03-06", 120);
  expect([over.extraMinutes, over.approval]).toEqual([60, "awaiting"]);
  const decide = (decision: "approve" | "decline", confirmedMinutes: number) =>
    decideExtraHours(ownerAt(client, at(now)), { companyId, decision, confirmedMinutes });
  await expect(decide("approve", 30)).rejects.toThrow(
    "1h of extra work is awaiting approval now; review it and decide again.",
  );
  const approved = await decide("approve", 60);
  expect(approved.hours).toMatchObject({ awaitingMinutes: 0, approvedMinutes: 60, overageMinutes: 60 });
  await log(companyId, now, "2026-03-07", 90);
  const declined = await decide("decline", 90);
  expect(declined.hours).toMatchObject({
    usedMinutes: 360,
    declinedMinutes: 90,
    overageMinutes: 60,
    overageMinor: 9500,
  });
  expect(declined.entries.map((e) => e.approval)).toEqual(["declined", "approved", null]);
  await expect(decide("decline", 90)).rejects.toThrow("No extra time is awaiting your approval.");
  await runBillingCycle(t.context({ now: at("2026-04-01T06:00:00Z") }));
  const charges = await t.db.select().from(pendingCharge).where(eq(pendingCharge.companyId, companyId));
  expect(charges.map((c) => [c.description, c.amountMinor])).toEqual([["Extra hours: 1h × €95.00", 9500]]);
  const audited = await t.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));
  expect(audited.map((e) => e.summary)).toEqual(
    expect.arrayContaining(["Approve Co: approved 1h of extra work", "Approve Co: declined 1h 30m of extra work"]),
  );
});

test("a staff member's timer lives on the server until stopped, and becomes an entry dated the day it started", async () => {
  const client = await givenClient(t, "owner@timer.test", "Timer Co");
  const companyId = client.companyId!;
  const opened = await as(client, "/api/tickets", {
    json: { subject: "Sync fails", category: "other", message: "It fails." },
  });
  const ticketId = ((await opened.json()) as { id: string }).id;
  const started = await startTimer(staffAt(at("2026-03-10T09:00:00Z")), { ticketId });
  expect(started.timer).toMatchObject({ companyId, ticketId, companyName: "Timer Co" });
  // Another request (a reload) finds it; a second start is refused.
  expect((await getTimer(staffAt(at("2026-03-10T09:10:00Z")))).timer?.startedAt).toBe("2026-03-10T09:00:00.000Z");
  await expect(startTimer(staffAt(at("2026-03-10T09:11:00Z")), { ticketId })).rejects.toThrow("already running");
  const stopped = await stopTimer(staffAt(at("2026-03-10T09:25:30Z")), {
    description: "Fixed the sync",
    internalNote: null,
    billable: true,
  });
  expect(stopped.entry).toMatchObject({
    day: "2026-03-10",
    minutes: 26,
    ticket: { id: ticketId, subject: "Sync fails" },
    by: "staff",
  });
  expect((await getTimer(staffAt(at("2026-03-10T09:26:00Z")))).timer).toBeNull();
  await expect(
    stopTimer(staffAt(at("2026-03-10T09:27:00Z")), { description: "x", internalNote: null, billable: true }),
  ).rejects.toThrow("Your timer is not running.");
});

test("a client sees only its company's billable entries, never an internal note; staff see both", async () => {
  const a = await givenClient(t, "owner@tenant-a.test", "Tenant A");
  const b = await givenClient(t, "owner@tenant-b.test", "Tenant B");
  const today = new Date().toISOString().slice(0, 10);
  const logged = await as(staff, `/api/staff/companies/${b.companyId}/time-entries`, {
    json: { day: today, duration: "1.5", description: "B's visible work", internalNote: "B's secret note" },
  });
  expect(logged.status).toBe(201);
  expect(((await logged.json()) as { entry: { minutes: number } }).entry.minutes).toBe(90);
  await as(staff, `/api/staff/companies/${b.companyId}/time-entries`, {
    json: { day: today, duration: "45m", description: "B's internal-only work", billable: false },
  });
  const seenByB = await as(b, "/api/hours");
  const bodyB = await seenByB.text();
  const parsed = ZGetHoursResponse.parse(JSON.parse(bodyB));
  expect(parsed.entries.map((e) => [e.description, e.minutes])).toEqual([["B's visible work", 90]]);
  expect(bodyB).not.toContain("secret");
  expect(bodyB).not.toContain("internal-only");
  const seenByA = ZGetHoursResponse.parse(await (await as(a, "/api/hours")).json());
  expect(seenByA.entries).toEqual([]);
  const bad = await as(staff, `/api/staff/companies/${b.companyId}/time-entries`, {
    json: { day: today, duration: "an hour", description: "x" },
  });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain('Enter a duration such as \\"1h 30m\\" or \\"1.5\\"');
  const staffView = await as(staff, `/api/staff/companies/${b.companyId}/hours`);
  expect(await staffView.text()).toContain("B's secret note");
});
