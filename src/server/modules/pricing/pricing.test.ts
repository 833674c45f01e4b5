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
