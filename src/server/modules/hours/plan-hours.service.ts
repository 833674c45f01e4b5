import { asc, eq, ne, sql } from "drizzle-orm";
import { subscription } from "../../db/schema/billing";
import { hoursOverride } from "../../db/schema/hours";
import { pricingPlan } from "../../db/schema/pricing";
import type { TPlanHours } from "../../../shared/hours";
import type { ServiceContext } from "../../context/service-context";

/**
 * Staff: every plan with its hours terms, on sale ones first in the pricing page's order, and how
 * many clients follow them: those on the plan without terms of their own. One grouped query.
 */
export async function listPlanHours({ db }: Pick<ServiceContext, "db">): Promise<TPlanHours[]> {
  const onPlan = db
    .select({
      planId: subscription.planId,
      companies: sql<number>`count(*)`.mapWith(Number).as("companies"),
      ownTerms: sql<number>`count(${hoursOverride.companyId})`.mapWith(Number).as("own_terms"),
    })
    .from(subscription)
    .leftJoin(hoursOverride, eq(hoursOverride.companyId, subscription.companyId))
    .where(ne(subscription.status, "canceled"))
    .groupBy(subscription.planId)
    .as("on_plan");
  const rows = await db
    .select({ plan: pricingPlan, companies: onPlan.companies, ownTerms: onPlan.ownTerms })
    .from(pricingPlan)
    .leftJoin(onPlan, eq(onPlan.planId, pricingPlan.id))
    .orderBy(sql`${pricingPlan.active} desc`, asc(pricingPlan.sortOrder), asc(pricingPlan.name));
  return rows.map(({ plan, companies, ownTerms }) => ({
    slug: plan.slug,
    name: plan.name,
    active: plan.active,
    currency: plan.currency,
    monthlyPriceMinor: plan.monthlyPriceMinor,
    yearlyPriceMinor: plan.yearlyPriceMinor,
    includedAutomations: plan.includedAutomations,
    monthlyRunAllowance: plan.monthlyRunAllowance,
    terms: {
      includedMinutes: plan.includedMinutes,
      overageRateMinor: plan.overageRateMinor,
      hoursRollover: plan.hoursRollover,
      rolloverCapMinutes: plan.rolloverCapMinutes,
      overageNeedsApproval: plan.overageNeedsApproval,
    },
    subscribedCompanies: companies ?? 0,
    ownTermsCompanies: ownTerms ?? 0,
  }));
}
