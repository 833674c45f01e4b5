import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { pricingPlan } from "../../db/schema/pricing";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

test("GET /api/plans lists the three seeded plans in order, prices in minor units", async () => {
  const res = await t.request("/api/plans");
  expect(res.status).toBe(200);
  const { plans } = (await res.json()) as { plans: Array<Record<string, unknown>> };
  expect(plans.map((p) => p.slug)).toEqual(["starter", "growth", "scale"]);
  for (const p of plans) {
    expect(Number.isInteger(p.monthlyPriceMinor)).toBe(true);
    expect(Number.isInteger(p.yearlyPriceMinor)).toBe(true);
    expect(p.currency).toBe("EUR");
    expect((p.features as string[]).length).toBeGreaterThan(0);
    expect(p).not.toHaveProperty("id");
  }
});

test("inactive plans are not offered, and no sign-in is needed", async () => {
  await t.db.update(pricingPlan).set({ active: false }).where(eq(pricingPlan.slug, "scale"));
  const res = await t.request("/api/plans", { headers: { origin: "https://elsewhere.example" } });
  const { plans } = (await res.json()) as { plans: Array<{ slug: string }> };
  expect(plans.map((p) => p.slug)).toEqual(["starter", "growth"]);
  await t.db.update(pricingPlan).set({ active: true }).where(eq(pricingPlan.slug, "scale"));
});

test("each plan says its retainer hours: included time, the rollover cap only when time rolls over, the rate", async () => {
  await t.db.update(pricingPlan).set({ rolloverCapMinutes: 120 }).where(eq(pricingPlan.slug, "starter"));
  const { plans } = (await (await t.request("/api/plans")).json()) as { plans: Array<Record<string, unknown>> };
  const hoursOf = (slug: string) => {
    const plan = plans.find((p) => p.slug === slug)!;
    return [plan.includedMinutes, plan.rolloverCapMinutes, plan.overageRateMinor, plan.overageNeedsApproval];
  };
  // Starter has a cap on record, but its time does not roll over.
  expect(hoursOf("starter")).toEqual([300, 0, 9500, true]);
  expect(hoursOf("growth")).toEqual([600, 300, 9500, false]);
  await t.db.update(pricingPlan).set({ rolloverCapMinutes: 0 }).where(eq(pricingPlan.slug, "starter"));
});
