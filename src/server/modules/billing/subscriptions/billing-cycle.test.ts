import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { automation, automationRunDaily } from "../../../db/schema/automations";
import { invoice, subscription } from "../../../db/schema/billing";
import { planItem } from "../../../db/schema/plan";
import { pricingPlan } from "../../../db/schema/pricing";
import { as } from "../../../test/given";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";
import { markInvoicePaid } from "../invoices/mark-paid.service";
import { runBillingCycle } from "./billing-cycle.service";
import { changePlan } from "./change-plan.service";
import { subscribeCompany } from "./subscribe-company.service";

let k: BillingTestKit;
beforeAll(async () => {
  k = await billingTestKit("cycle");
}, 180_000);
afterAll(() => k.t.close());

const at = (iso: string) => new Date(iso);
/** Staff acting at `now` (the current time when not given). */
const staffAt = (now?: Date) =>
  k.t.context({ actor: { id: k.staff.userId, email: k.staff.email, name: "Staff", role: "admin", ip: null }, now });
const invoicesOf = (companyId: string) =>
  k.t.db.select().from(invoice).where(eq(invoice.companyId, companyId)).orderBy(asc(invoice.periodStart));
const kinds = async (email: string, kind: string) => (await k.t.outbox(email)).filter((m) => m.kind === kind);

test("each period's invoice is issued once, however many times and instances run the job", async () => {
  const companyId = k.owner.companyId!;
  await subscribeCompany(staffAt(at("2026-01-01T00:00:00Z")), {
    companyId,
    planSlug: "growth",
    interval: "monthly",
    trialDays: 0,
  });
  await changePlan(staffAt(at("2026-01-10T00:00:00Z")), {
    companyId,
    planSlug: "starter",
    confirmedProrationMinor: 0,
    by: "staff",
  });
  const later = k.t.context({ now: at("2026-02-01T06:00:00Z") });
  await Promise.all([runBillingCycle(later), runBillingCycle(later)]);
  await runBillingCycle(later);
  const invoices = await invoicesOf(companyId);
  expect(invoices.map((i) => [i.periodStart?.toISOString(), i.status, i.subtotalMinor])).toEqual([
    ["2026-01-01T00:00:00.000Z", "open", 129000],
    // The downgrade took effect with the new period.
    ["2026-02-01T00:00:00.000Z", "open", 49000],
  ]);
  const [sub] = await k.t.db.select().from(subscription).where(eq(subscription.companyId, companyId));
  expect(sub?.currentPeriodEnd.toISOString()).toBe("2026-03-01T00:00:00.000Z");
  expect(sub?.scheduledPlanId).toBeNull();
  expect(await kinds(k.owner.email, "invoice-issued")).toHaveLength(2);
});

test("overdue reminders go out at 3, 7 and 14 days once each; 14 days makes the subscription past due, paying makes it active", async () => {
  const companyId = k.owner.companyId!;
  const [january, first] = await invoicesOf(companyId);
  // The job that issued February's invoice found January's 17 days overdue: one reminder (the
  // latest due, not three at once), and the subscription past due until it is paid.
  expect((await kinds(k.owner.email, "invoice-reminder")).map((m) => m.subject)).toEqual([
    `Reminder: invoice ${january!.number} is 14 days overdue`,
  ]);
  await markInvoicePaid(staffAt(at("2026-02-02T00:00:00Z")), {
    invoiceId: january!.id,
    amountMinor: january!.totalMinor,
    paidOn: "2026-02-02",
  });
  const reminded = async () =>
    (await kinds(k.owner.email, "invoice-reminder")).filter((m) => m.subject.includes(first!.number!));
  const due = first!.dueAt!.getTime();
  const day = 86_400_000;
  const run = (days: number) => runBillingCycle(k.t.context({ now: new Date(due + days * day + 1000) }));
  await run(2);
  expect(await reminded()).toHaveLength(0);
  await run(3);
  await run(3);
  await run(4);
  expect(await reminded()).toHaveLength(1);
  await run(7);
  await Promise.all([run(8), run(8)]);
  expect(await reminded()).toHaveLength(2);
  const [before] = await k.t.db.select().from(subscription).where(eq(subscription.companyId, companyId));
  expect(before?.status).toBe("active");
  await run(14);
  await run(15);
  const reminders = await kinds(k.owner.email, "invoice-reminder");
  expect(
    reminders
      .filter((m) => m.subject.includes(first!.number!))
      .map((m) => m.subject)
      .sort(),
  ).toEqual([
    `Reminder: invoice ${first!.number} is 14 days overdue`,
    `Reminder: invoice ${first!.number} is 3 days overdue`,
    `Reminder: invoice ${first!.number} is 7 days overdue`,
  ]);
  const [pastDue] = await k.t.db.select().from(subscription).where(eq(subscription.companyId, companyId));
  expect(pastDue?.status).toBe("past_due");
  for (const open of (await invoicesOf(companyId)).filter((i) => i.status === "open"))
    await markInvoicePaid(staffAt(), { invoiceId: open.id, amountMinor: open.totalMinor, paidOn: "2026-02-20" });
  const [active] = await k.t.db.select().from(subscription).where(eq(subscription.companyId, companyId));
  expect(active?.status).toBe("active");
});

test("usage at 80 % and 100 % of a limit is mailed once each per period; nothing is blocked", async () => {
  const companyId = k.owner.companyId!;
  const [sub] = await k.t.db.select().from(subscription).where(eq(subscription.companyId, companyId));
  const now = new Date(sub!.currentPeriodStart.getTime() + 86_400_000 * 3);
  const [auto] = await k.t.db
    .insert(automation)
    .values({
      companyId,
      name: "Sync",
      purpose: "Sync",
      platform: "n8n",
      status: "live",
      triggerDescription: "Hourly",
      minutesSavedPerRun: 1,
    })
    .returning({ id: automation.id });
  const dayOf = sub!.currentPeriodStart.toISOString().slice(0, 10);
  await k.t.db.insert(automationRunDaily).values({ automationId: auto!.id, companyId, day: dayOf, success: 4000 });
  await runBillingCycle(k.t.context({ now }));
  await runBillingCycle(k.t.context({ now }));
  expect((await kinds(k.owner.email, "usage-limit")).map((m) => m.subject)).toEqual([
    "You have used 80 % of your plan's runs",
  ]);
  await k.t.db
    .update(automationRunDaily)
    .set({ success: 5600 })
    .where(and(eq(automationRunDaily.automationId, auto!.id), eq(automationRunDaily.day, dayOf)));
  await runBillingCycle(k.t.context({ now }));
  await runBillingCycle(k.t.context({ now }));
  const subjects = (await kinds(k.owner.email, "usage-limit")).map((m) => m.subject);
  expect(subjects.sort()).toEqual([
    "You have reached your plan's runs limit",
    "You have used 80 % of your plan's runs",
  ]);
  const billing = (await (await as(k.owner, "/api/billing")).json()) as {
    usage: Array<{ metric: string; used: number; percent: number }>;
  };
  expect(billing.usage.find((u) => u.metric === "runs")).toMatchObject({ used: 5600, limit: 5000, percent: 112 });
  // The plan does not limit automation requests: they are counted, with no limit.
  expect(billing.usage.find((u) => u.metric === "requests")).toMatchObject({ limit: null, percent: null });
});

test("a plan that limits automation requests counts this month's and says that new ones wait when it is reached", async () => {
  const companyId = k.owner.companyId!;
  const [sub] = await k.t.db.select().from(subscription).where(eq(subscription.companyId, companyId));
  const now = new Date(sub!.currentPeriodStart.getTime() + 86_400_000 * 3);
  await k.t.db.update(pricingPlan).set({ monthlyRequestAllowance: 1 }).where(eq(pricingPlan.id, sub!.planId));
  try {
    await k.t.db.insert(planItem).values({
      companyId,
      requestedBy: k.owner.userId,
      title: "Quotes to invoices",
      problem: "We retype every accepted quote.",
      triggerDescription: "A quote is accepted",
      systems: "CRM, ledger",
      timesPerMonth: 40,
      minutesEach: 10,
      createdAt: now,
      stateChangedAt: now,
    });
    await runBillingCycle(k.t.context({ now }));
    await runBillingCycle(k.t.context({ now }));
    const mails = (await kinds(k.owner.email, "usage-limit")).filter((m) => m.subject.includes("automation requests"));
    expect(mails.map((m) => m.subject)).toEqual(["You have reached your plan's automation requests limit"]);
    expect(mails[0]!.text).toContain("This month you have used 1 of the 1 automation requests your plan includes.");
    expect(mails[0]!.text).toContain("New requests wait until next month");
  } finally {
    await k.t.db.update(pricingPlan).set({ monthlyRequestAllowance: null }).where(eq(pricingPlan.id, sub!.planId));
  }
});
