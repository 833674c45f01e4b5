import { asc, eq } from "drizzle-orm";
import { plan } from "../../db/schema/marketing";
import type { PlanView } from "../../../shared/plans-schemas";
import type { Database } from "../../db/client";

/** The plans on sale, in the order the pricing page shows them. */
export async function listActivePlans(db: Database): Promise<PlanView[]> {
  return db
    .select({
      slug: plan.slug,
      name: plan.name,
      summary: plan.summary,
      monthlyPriceMinor: plan.monthlyPriceMinor,
      yearlyPriceMinor: plan.yearlyPriceMinor,
      currency: plan.currency,
      includedAutomations: plan.includedAutomations,
      monthlyRunAllowance: plan.monthlyRunAllowance,
      supportLevel: plan.supportLevel,
      features: plan.features,
    })
    .from(plan)
    .where(eq(plan.active, true))
    .orderBy(asc(plan.sortOrder), asc(plan.name));
}
