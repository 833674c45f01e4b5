import { eq } from "drizzle-orm";
import { lockClientCompany } from "../../../context/company-scope";
import { subscription } from "../../../db/schema/billing";
import { pricingPlan } from "../../../db/schema/pricing";
import { conflict, notFound } from "../../../lib/app-error";
import { audit } from "../../audit";
import { addPendingCharge } from "../invoices/pending-charges";
import { findPlanOnSale } from "./find-plan";
import { recordMrrMovement } from "./mrr.service";
import { monthlyValue, priceOf, prorationMinor } from "./periods";
import { loadSubscription } from "./subscription-view";
import type { TChangePlanResponse } from "../../../../shared/billing";
import type { ActorContext } from "../../../context/service-context";

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The owner changes plan. A dearer plan applies now, and the rest of the period's difference is
 * a proration line on the next invoice; a cheaper one is scheduled for the period's end.
 */
export async function changePlan(
  ctx: ActorContext,
  input: { companyId: string; planSlug: string },
): Promise<TChangePlanResponse> {
  const { companyId, planSlug } = input;
  const { now } = ctx;
  return ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const client = await lockClientCompany(tx, companyId);
    const [sub] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId)).for("update");
    if (!sub) throw notFound("Your company has no plan yet; contact us to choose one.");
    if (sub.status === "canceled") throw conflict("Your subscription is canceled; contact us to start a new one.");
    if (sub.provider === "stripe")
      throw conflict("Your plan is paid by card through Stripe; contact us to change it.", "paid-by-card");
    const [current] = await tx.select().from(pricingPlan).where(eq(pricingPlan.id, sub.planId));
    const chosen = await findPlanOnSale(tx, planSlug);
    const oldPrice = priceOf(current!, sub.interval);
    const newPrice = priceOf(chosen, sub.interval);
    let change: TChangePlanResponse["change"] = "unchanged";
    let proration = 0;
    if (chosen.id === sub.planId) {
      if (sub.scheduledPlanId)
        await tx.update(subscription).set({ scheduledPlanId: null, updatedAt: now }).where(eq(subscription.id, sub.id));
    } else if (newPrice > oldPrice) {
      change = "upgraded";
      proration =
        sub.status === "trialing"
          ? 0
          : prorationMinor({
              oldPriceMinor: oldPrice,
              newPriceMinor: newPrice,
              periodStart: sub.currentPeriodStart,
              periodEnd: sub.currentPeriodEnd,
              at: now,
            });
      await tx
        .update(subscription)
        .set({ planId: chosen.id, scheduledPlanId: null, updatedAt: now })
        .where(eq(subscription.id, sub.id));
      if (sub.status !== "trialing")
        await recordMrrMovement(tx, {
          companyId,
          kind: "expansion",
          deltaMinor: monthlyValue(newPrice, sub.interval) - monthlyValue(oldPrice, sub.interval),
          currency: client.currency,
          at: now,
        });
      if (proration > 0)
        await addPendingCharge(ttx, {
          companyId,
          kind: "proration",
          description: `Upgrade from ${current!.name} to ${chosen.name}, ${day(now)} – ${day(sub.currentPeriodEnd)}`,
          amountMinor: proration,
          source: `plan-change:${sub.id}`,
        });
    } else {
      change = "downgrade_scheduled";
      await tx
        .update(subscription)
        .set({ scheduledPlanId: chosen.id, updatedAt: now })
        .where(eq(subscription.id, sub.id));
    }
    if (change !== "unchanged")
      await audit(ttx, {
        action: change === "upgraded" ? "subscription.upgraded" : "subscription.downgrade_scheduled",
        companyId,
        objectType: "subscription",
        objectId: sub.id,
        summary:
          change === "upgraded"
            ? `Upgraded ${client.name} from ${current!.name} to ${chosen.name}`
            : `Scheduled ${client.name}'s move from ${current!.name} to ${chosen.name} for ${day(sub.currentPeriodEnd)}`,
        before: { plan: current!.slug },
        after: { plan: chosen.slug, prorationMinor: proration },
      });
    return { subscription: (await loadSubscription(tx, companyId))!, change, prorationMinor: proration };
  });
}
