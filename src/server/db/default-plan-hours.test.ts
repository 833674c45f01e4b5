import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { REPO_ROOT } from "../test/child-process";
import { createTestRuntime, type TestRuntime } from "../test/test-runtime";
import { pricingPlan } from "./schema/pricing";

// The data migration that gives the launch plans their retainer hours (ADR 0033), whatever its number.
const DRIZZLE = path.join(REPO_ROOT, "drizzle");
const file = fs.readdirSync(DRIZZLE).find((name) => name.endsWith("_default_plan_hours.sql"));
const MIGRATION = fs.readFileSync(path.join(DRIZZLE, file ?? "missing_default_plan_hours.sql"), "utf8");

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

const termsOf = () =>
  t.db
    .select({
      slug: pricingPlan.slug,
      includedMinutes: pricingPlan.includedMinutes,
      overageRateMinor: pricingPlan.overageRateMinor,
      hoursRollover: pricingPlan.hoursRollover,
      rolloverCapMinutes: pricingPlan.rolloverCapMinutes,
      overageNeedsApproval: pricingPlan.overageNeedsApproval,
    })
    .from(pricingPlan)
    .orderBy(asc(pricingPlan.sortOrder));

test("a fresh database's plans carry their retainer hours", async () => {
  expect(await termsOf()).toEqual([
    {
      slug: "starter",
      includedMinutes: 300,
      overageRateMinor: 9500,
      hoursRollover: false,
      rolloverCapMinutes: 0,
      overageNeedsApproval: true,
    },
    {
      slug: "growth",
      includedMinutes: 600,
      overageRateMinor: 9500,
      hoursRollover: true,
      rolloverCapMinutes: 300,
      overageNeedsApproval: false,
    },
    {
      slug: "scale",
      includedMinutes: 1200,
      overageRateMinor: 8500,
      hoursRollover: true,
      rolloverCapMinutes: 600,
      overageNeedsApproval: false,
    },
  ]);
});

test("the migration fills only plans whose terms are unset: staff's terms are never overwritten", async () => {
  const unset = { includedMinutes: 0, overageRateMinor: 0, hoursRollover: false, rolloverCapMinutes: 0 };
  await t.db
    .update(pricingPlan)
    .set({ ...unset, overageNeedsApproval: false })
    .where(eq(pricingPlan.slug, "starter"));
  // Staff gave Growth no included time but a rate: set, so it stays as it is.
  await t.db
    .update(pricingPlan)
    .set({ ...unset, overageRateMinor: 12000, overageNeedsApproval: true })
    .where(eq(pricingPlan.slug, "growth"));
  await t.db.execute(sql.raw(MIGRATION));
  const bySlug = Object.fromEntries((await termsOf()).map(({ slug, ...terms }) => [slug, terms]));
  expect(bySlug.starter).toMatchObject({ includedMinutes: 300, overageRateMinor: 9500, overageNeedsApproval: true });
  expect(bySlug.growth).toEqual({ ...unset, overageRateMinor: 12000, overageNeedsApproval: true });
  expect(bySlug.scale).toMatchObject({ includedMinutes: 1200, rolloverCapMinutes: 600 });
});
