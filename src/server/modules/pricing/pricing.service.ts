import { asc, eq, sql } from "drizzle-orm";
import { pricingPlan } from "../../db/schema/pricing";
import type { PlanView } from "../../../shared/pricing";
import type { ServiceContext } from "../../context/service-context";

/**
 * The plans on sale, in the order the pricing page shows them. Only the database is read: the
 * web pages' server and the prerender script, which have no request, pass just that.
 */
export async function listActivePlans(ctx: Pick<ServiceContext, "db">): Promise<PlanView[]> {
  return ctx.db
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
      includedMinutes: pricingPlan.includedMinutes,
      overageRateMinor: pricingPlan.overageRateMinor,
      rolloverCapMinutes:
        sql<number>`case when ${pricingPlan.hoursRollover} then ${pricingPlan.rolloverCapMinutes} else 0 end`.mapWith(
          Number,
        ),
      overageNeedsApproval: pricingPlan.overageNeedsApproval,
    })
    .from(pricingPlan)
    .where(eq(pricingPlan.active, true))
    .orderBy(asc(pricingPlan.sortOrder), asc(pricingPlan.name));
}
