import { asc, eq } from "drizzle-orm";
import { pricingPlan } from "../../db/schema/pricing";
import type { PlanView } from "../../../shared/pricing";
import type { Database } from "../../db/client";

/** The plans on sale, in the order the pricing page shows them. */
export async function listActivePlans(db: Database): Promise<PlanView[]> {
  return db
    .select({
      slug: pricingPlan.slug,
      name: pricingPlan.name,
      summary: pricingPlan.summary,
      monthlyPriceMinor: pricingPlan.monthlyPriceMinor,
      yearlyPriceMinor: pricingPlan.yearlyPriceMinor,
      currency: pricingPlan.currency,
      includedAutomations: pricingPlan.includedAutomations,
      monthlyRunAllowance: pricingPlan.monthlyRunAllowance,
      supportLevel: pricingPlan.supportLevel,
      features: pricingPlan.features,
    })
    .from(pricingPlan)
    .where(eq(pricingPlan.active, true))
    .orderBy(asc(pricingPlan.sortOrder), asc(pricingPlan.name));
}
