import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { subscription } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { pricingPlan } from "../../../db/schema/pricing";
import { priceOf } from "./periods";
import type { TSubscription } from "../../../../shared/billing";
import type { Database } from "../../../db/client";

const scheduled = alias(pricingPlan, "scheduled_plan");

/** A company's subscription as the screens show it, or null when it has none. */
export async function loadSubscription(db: Pick<Database, "select">, companyId: string): Promise<TSubscription | null> {
  const [row] = await db
    .select({
      sub: subscription,
      plan: pricingPlan,
      scheduled: { slug: scheduled.slug, name: scheduled.name },
      currency: company.currency,
    })
    .from(subscription)
    .innerJoin(pricingPlan, eq(pricingPlan.id, subscription.planId))
    .innerJoin(company, eq(company.id, subscription.companyId))
    .leftJoin(scheduled, eq(scheduled.id, subscription.scheduledPlanId))
    .where(eq(subscription.companyId, companyId));
  if (!row) return null;
  const { sub } = row;
  return {
    id: sub.id,
    plan: { slug: row.plan.slug, name: row.plan.name },
    status: sub.status,
    interval: sub.interval,
    priceMinor: priceOf(row.plan, sub.interval),
    currency: row.currency,
    currentPeriodStart: sub.currentPeriodStart.toISOString(),
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    scheduledPlan: row.scheduled?.slug ? { slug: row.scheduled.slug, name: row.scheduled.name } : null,
    provider: sub.provider,
  };
}
