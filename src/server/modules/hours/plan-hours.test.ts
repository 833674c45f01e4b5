import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ZGetHoursResponse, ZListPlanHoursResponse, ZSetPlanHoursResponse } from "../../../shared/hours";
import { auditLog } from "../../db/schema/audit";
import { pricingPlan } from "../../db/schema/pricing";
import { as, givenCompany, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { subscribeCompany } from "../billing/subscriptions/subscribe-company.service";
import { setClientHoursTerms } from "./hours-terms.service";

let t: TestRuntime;
let staff: Caller;
let follower: Caller;
let ownTerms: Caller;

const growthTerms = {
  includedMinutes: 480,
  overageRateMinor: 11000,
  hoursRollover: true,
  rolloverCapMinutes: 120,
  overageNeedsApproval: true,
};
const staffCtx = () =>
  t.context({ actor: { id: staff.userId, email: staff.email, name: "Staff", role: "admin", ip: null } });

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "staff@plan-hours.test");
  follower = (await givenCompany(t, { name: "Follower Co", owner: "owner@follower.test" })).owner;
  ownTerms = (await givenCompany(t, { name: "Own Terms Co", owner: "owner@ownterms.test" })).owner;
  for (const who of [follower, ownTerms])
    await subscribeCompany(staffCtx(), {
      companyId: who.companyId!,
      planSlug: "growth",
      interval: "monthly",
      trialDays: 0,
    });
  await setClientHoursTerms(staffCtx(), {
    companyId: ownTerms.companyId!,
    override: { ...growthTerms, includedMinutes: 1500 },
  });
}, 180_000);
afterAll(() => t.close());

const listed = async () => {
  const res = await as(staff, "/api/staff/plan-hours");
  expect(res.status).toBe(200);
  return ZListPlanHoursResponse.parse(await res.json()).plans;
};

test("staff list every plan with its price, allowances, hours terms and the clients on it", async () => {
  const plans = await listed();
  expect(plans.map((plan) => plan.slug)).toEqual(["starter", "growth", "scale"]);
  expect(plans[1]).toEqual({
    slug: "growth",
    name: "Growth",
    active: true,
    currency: "EUR",
    monthlyPriceMinor: 129000,
    yearlyPriceMinor: 1290000,
    includedAutomations: 10,
    monthlyRunAllowance: 50000,
    terms: {
      includedMinutes: 600,
      overageRateMinor: 9500,
      hoursRollover: true,
      rolloverCapMinutes: 300,
      overageNeedsApproval: false,
    },
    subscribedCompanies: 2,
    ownTermsCompanies: 1,
  });
  expect(plans[0]).toMatchObject({ slug: "starter", subscribedCompanies: 0, ownTermsCompanies: 0 });
});

test("a plan no longer on sale is listed after those on sale, so its terms can still be set", async () => {
  await t.db.update(pricingPlan).set({ active: false }).where(eq(pricingPlan.slug, "starter"));
  try {
    const plans = await listed();
    expect(plans.map((plan) => [plan.slug, plan.active])).toEqual([
      ["growth", true],
      ["scale", true],
      ["starter", false],
    ]);
  } finally {
    await t.db.update(pricingPlan).set({ active: true }).where(eq(pricingPlan.slug, "starter"));
  }
});

test("a client can neither list nor set plans' hours", async () => {
  expect((await as(follower, "/api/staff/plan-hours")).status).toBe(403);
  const put = await as(follower, "/api/staff/plan-hours", {
    method: "PUT",
    json: { planSlug: "growth", ...growthTerms },
  });
  expect(put.status).toBe(403);
});

test("staff's new terms are listed and audited; clients on the plan follow them, one with its own terms does not", async () => {
  const put = await as(staff, "/api/staff/plan-hours", { method: "PUT", json: { planSlug: "growth", ...growthTerms } });
  expect(put.status).toBe(200);
  expect(ZSetPlanHoursResponse.parse(await put.json())).toEqual({ planSlug: "growth", terms: growthTerms });
  expect((await listed())[1]!.terms).toEqual(growthTerms);

  const [plan] = await t.db.select().from(pricingPlan).where(eq(pricingPlan.slug, "growth"));
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "pricing_plan.hours_changed"), eq(auditLog.objectId, plan!.id)));
  // The audit keeps what changed: the rollover stayed on.
  expect(entry).toMatchObject({
    actorEmail: staff.email,
    before: { includedMinutes: 600, overageRateMinor: 9500, rolloverCapMinutes: 300, overageNeedsApproval: false },
    after: { includedMinutes: 480, overageRateMinor: 11000, rolloverCapMinutes: 120, overageNeedsApproval: true },
  });
  expect(entry!.summary).toBe(
    "Growth plan hours: 8h a month, extra hours at €110.00, unused time rolls over up to 2h, extra time needs the owner's approval",
  );

  const hoursOf = async (who: Caller) => ZGetHoursResponse.parse(await (await as(who, "/api/hours")).json()).hours;
  expect((await hoursOf(follower)).terms).toEqual(growthTerms);
  expect((await hoursOf(follower)).includedMinutes).toBe(480);
  expect((await hoursOf(ownTerms)).includedMinutes).toBe(1500);
});

test("readable 4xx answers for a bad amount or an unknown plan, and nothing changes", async () => {
  const negative = await as(staff, "/api/staff/plan-hours", {
    method: "PUT",
    json: { planSlug: "scale", ...growthTerms, overageRateMinor: -5 },
  });
  expect(negative.status).toBe(400);
  expect(JSON.stringify(await negative.json())).toMatch(/Rate/);
  const unknown = await as(staff, "/api/staff/plan-hours", {
    method: "PUT",
    json: { planSlug: "platinum", ...growthTerms },
  });
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as { message: string }).message).toBe("There is no such plan.");
  expect((await listed())[2]!.terms.overageRateMinor).toBe(8500);
});
