import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ZListClientsResponse } from "../../../shared/clients";
import { ZHoursOverviewResponse } from "../../../shared/hours";
import { subscription } from "../../db/schema/billing";
import { company } from "../../db/schema/companies";
import { as, givenCompany, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { runBillingCycle } from "../billing/subscriptions/billing-cycle.service";
import { subscribeCompany } from "../billing/subscriptions/subscribe-company.service";
import { getHoursOverview } from "./hours-overview.service";
import { setPlanHours } from "./hours-terms.service";
import { createTimeEntry } from "./time-entries.service";

let t: TestRuntime;
let staff: Caller;
let over: string;
let within: string;
let none: string;
const today = () => new Date().toISOString().slice(0, 10);

const staffCtx = (now?: Date) =>
  t.context({ actor: { id: staff.userId, email: staff.email, name: "Staff", role: "admin", ip: null }, now });
const log = (companyId: string, minutes: number, billable = true) =>
  createTimeEntry(staffCtx(), {
    companyId,
    day: today(),
    minutes,
    description: "Work",
    internalNote: null,
    billable,
  });

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "staff@hours-views.test");
  over = (await givenCompany(t, { name: "Over Budget Co", owner: "owner@over.test" })).owner.companyId!;
  within = (await givenCompany(t, { name: "Within Budget Co", owner: "owner@within.test" })).owner.companyId!;
  none = (await givenCompany(t, { name: "No Retainer Co", owner: "owner@none.test" })).owner.companyId!;
  for (const id of [over, within, none]) await t.db.update(company).set({ timeZone: "UTC" }).where(eq(company.id, id));
  const terms = { overageRateMinor: 9500, hoursRollover: false, rolloverCapMinutes: 0, overageNeedsApproval: false };
  await setPlanHours(staffCtx(), { planSlug: "growth", includedMinutes: 600, ...terms });
  await setPlanHours(staffCtx(), { planSlug: "starter", includedMinutes: 300, ...terms });
  for (const [id, planSlug] of [
    [over, "growth"],
    [within, "starter"],
  ] as const)
    await subscribeCompany(staffCtx(), { companyId: id, planSlug, interval: "monthly", trialDays: 0 });
  await log(over, 700);
  await log(within, 60);
  await log(within, 100, false);
}, 180_000);
afterAll(() => t.close());

test("the clients table shows each client's hours used / included this period, from one grouped query", async () => {
  const res = await as(staff, "/api/staff/companies?pageSize=50");
  expect(res.status).toBe(200);
  const { clients } = ZListClientsResponse.parse(await res.json());
  const hoursOf = (id: string) => clients.find((row) => row.id === id)?.hoursThisPeriod ?? null;
  expect(hoursOf(over)).toEqual({ usedMinutes: 700, includedMinutes: 600 });
  // Non-billable time is not counted against the retainer.
  expect(hoursOf(within)).toEqual({ usedMinutes: 60, includedMinutes: 300 });
  expect(hoursOf(none)).toBeNull();
});

test("staff's overview shows the unbilled time and the clients over their budget; a client cannot read it", async () => {
  const res = await as(staff, "/api/staff/hours/overview");
  expect(res.status).toBe(200);
  expect(ZHoursOverviewResponse.parse(await res.json())).toEqual({
    unbilledMinutes: 760,
    overBudget: [{ company: { id: over, name: "Over Budget Co" }, usedMinutes: 700, includedMinutes: 600 }],
  });
  const owner = (await givenCompany(t, { name: "Curious Co", owner: "owner@curious.test" })).owner;
  expect((await as(owner, "/api/staff/hours/overview")).status).toBe(403);
});

test("once the period is invoiced its time is no longer unbilled, nor over the next period's budget", async () => {
  const [sub] = await t.db.select().from(subscription).where(eq(subscription.companyId, over));
  const next = new Date(sub!.currentPeriodEnd.getTime() + 3_600_000);
  await runBillingCycle(t.context({ now: next }));
  const after = await getHoursOverview(t.context({ now: next }));
  expect(after).toEqual({ unbilledMinutes: 0, overBudget: [] });
});
