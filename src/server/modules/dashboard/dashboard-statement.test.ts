import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { automation, automationIncident, automationRun, automationRunDaily } from "../../db/schema/automations";
import { invoice, invoiceLine } from "../../db/schema/billing";
import { company } from "../../db/schema/companies";
import { planItem } from "../../db/schema/plan";
import { ticket } from "../../db/schema/support";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { givenOpenInvoice, givenSubscription } from "../../test/given-books";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { readDashboardStepByStep } from "./dashboard-reads";
import { readDashboardAtOnce } from "./dashboard-statement";
import { composeDashboard, getDashboard } from "./dashboard.service";

vi.setConfig({ testTimeout: 120_000 });

const DAY = 86_400_000;
let t: TestRuntime;
let owner: Caller;
let companyId: string;

/** A company with something in every block of the dashboard, its days spread over two months. */
beforeAll(async () => {
  t = await createTestRuntime();
  await givenStaff(t, "staff@statement.test");
  owner = await givenClient(t, "owner@statement.test", "Statement Co");
  companyId = owner.companyId!;
  await t.db.update(company).set({ hourlyValueMinor: 7300 }).where(eq(company.id, companyId));
  await givenSubscription(t, companyId, { plan: "growth", status: "active", interval: "yearly" });
  await givenOpenInvoice(t, companyId, { overdueDays: 3 });
  await givenOpenInvoice(t, companyId, { overdueDays: -10, totalMinor: 2500 });
  const [issued] = await t.db
    .insert(invoice)
    .values({
      companyId,
      number: "T-CHARGES",
      status: "paid",
      currency: "EUR",
      subtotalMinor: 9000,
      totalMinor: 9000,
      issuedAt: new Date(),
    })
    .returning({ id: invoice.id });
  await t.db.insert(invoiceLine).values([
    { invoiceId: issued!.id, description: "Setup", amountMinor: 12000, kind: "setup_fee" },
    { invoiceId: issued!.id, description: "Credit", amountMinor: -3000, kind: "credit" },
  ]);
  const base = {
    companyId,
    purpose: "Test",
    platform: "n8n" as const,
    triggerDescription: "Test",
    minutesSavedPerRun: 5,
  };
  const made = await t.db
    .insert(automation)
    .values([
      { ...base, name: "Zeta failing", status: "live", consecutiveFailures: 4, failureThreshold: 3 },
      {
        ...base,
        name: "Alpha stale",
        status: "live",
        staleSince: new Date(Date.now() - 2 * DAY),
        expectedEveryMinutes: 90,
      },
      { ...base, name: "Beta fine", status: "live" },
      { ...base, name: "Gone", status: "retired" },
    ])
    .returning({ id: automation.id });
  const [failing, stale, fine] = made.map((row) => row.id) as [string, string, string];
  await t.db
    .insert(automationIncident)
    .values({ automationId: failing, kind: "failing", openedAt: new Date(Date.now() - 3 * DAY) });
  // Rollup days from 70 days ago to today, on two automations.
  await t.db.insert(automationRunDaily).values(
    Array.from({ length: 71 }, (_, i) => i).flatMap((i) =>
      [failing, fine].map((automationId, k) => ({
        automationId,
        companyId,
        day: new Date(Date.now() - i * DAY).toISOString().slice(0, 10),
        success: 3 + ((i + k) % 5),
        failed: (i * 7 + k) % 3,
        running: i % 11 === 0 ? 1 : 0,
        skipped: (i + k) % 4 === 0 ? 2 : 0,
        minutesSaved: 17 * (i + 1) + k,
      })),
    ),
  );
  await t.db.insert(automationRun).values(
    Array.from({ length: 12 }, (_, i) => ({
      automationId: i % 2 ? stale : failing,
      companyId,
      externalId: `run-${i}`,
      status: i % 3 === 0 ? ("failed" as const) : ("success" as const),
      startedAt: new Date(Date.now() - i * 3_600_000 - 1234),
      errorMessage: i % 3 === 0 ? `Timed out ${i}` : null,
    })),
  );
  const plan = {
    companyId,
    problem: "Typed by hand",
    triggerDescription: "Each order",
    systems: "Shop",
    timesPerMonth: 9,
    minutesEach: 4,
  };
  await t.db.insert(planItem).values([
    {
      ...plan,
      title: "First proposal",
      state: "proposed",
      proposalVersion: 2,
      stateChangedAt: new Date(Date.now() - 5 * DAY),
    },
    { ...plan, title: "Unversioned", state: "proposed", stateChangedAt: new Date(Date.now() - DAY) },
    { ...plan, title: "Still requested", state: "requested" },
  ]);
  await t.db.insert(ticket).values([
    {
      companyId,
      subject: "Need your login",
      category: "other",
      status: "waiting_on_client",
      pausedSince: new Date(Date.now() - DAY),
    },
    { companyId, subject: "Which file?", category: "other", status: "waiting_on_client" },
    { companyId, subject: "Open one", category: "other", status: "open" },
  ]);
}, 180_000);
afterAll(() => t.close());

const viewer = () =>
  t.context({
    actor: { id: owner.userId, email: owner.email, name: "", role: null, ip: null },
    scope: { all: false, companyId },
  });

test.each([
  ["UTC", new Date()],
  ["Pacific/Auckland", new Date()],
  ["America/Los_Angeles", new Date()],
  ["Asia/Kolkata", new Date(Date.now() - 40 * DAY)],
  // A month's last evening in UTC: already the 1st in Auckland, still the 31st in Los Angeles.
  ["Pacific/Auckland", new Date(`${new Date(Date.now() - 30 * DAY).toISOString().slice(0, 7)}-28T23:30:00Z`)],
  ["America/Los_Angeles", new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 0, 23, 30))],
])("the one statement answers exactly what the reads one by one answer (%s)", async (timeZone, now) => {
  await t.db.update(company).set({ timeZone }).where(eq(company.id, companyId));
  const ctx = viewer().with({ now });
  const atOnce = await readDashboardAtOnce(ctx, companyId);
  expect(atOnce).toBeDefined();
  const one = composeDashboard(ctx, { emailVerified: true }, atOnce!);
  const reference = composeDashboard(ctx, { emailVerified: true }, await readDashboardStepByStep(ctx));
  expect(JSON.stringify(one)).toBe(JSON.stringify(reference));
  // Something in every block, so that the comparison compares something.
  expect(one.attention.map((row) => row.status)).toEqual(["stale", "failing"]);
  expect(one.recent).toHaveLength(8);
  expect(one.proposalsAwaiting.map((row) => row.version)).toEqual([2, 1]);
  expect(one.ticketsWaiting).toHaveLength(2);
  expect(one.invoicesUnpaid).toHaveLength(2);
  expect(one.costThisMonth?.chargesMinor).toBe(9000);
  expect(one.minutesSavedLastMonth).toBeGreaterThan(0);
});

test("a company's dashboard is one statement; a missing company falls back to the reads that say so", async () => {
  let now: Awaited<ReturnType<typeof getDashboard>> | undefined;
  const statements = await t.queriesOf(async () => {
    now = await getDashboard(viewer(), { emailVerified: true });
  });
  expect(statements).toHaveLength(1);
  expect(now!.invoicesUnpaid.map((row) => row.overdue)).toEqual([true, false]);
  const gone = viewer().with({ scope: { all: false, companyId: randomUUID() } });
  expect(await readDashboardAtOnce(gone, randomUUID())).toBeUndefined();
  expect((await getDashboard(gone, { emailVerified: true })).company).toBeNull();
});
