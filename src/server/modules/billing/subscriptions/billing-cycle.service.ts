import { and, eq, inArray, lte } from "drizzle-orm";
import { subscription } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { pricingPlan } from "../../../db/schema/pricing";
import { settleHours } from "../../hours";
import { addPendingCharge } from "../invoices/pending-charges";
import { issuePeriodInvoice } from "../invoices/period-invoice";
import { sendOverdueReminders } from "../invoices/reminders.service";
import { sendHoursToStripe } from "../stripe/stripe-hours-items";
import { sendUsageNotices } from "../usage/usage-notices.service";
import { recordMrrMovement } from "./mrr.service";
import { addInterval, monthlyValue, priceOf } from "./periods";
import type { BillingInterval, MrrMovementKind } from "../../../../shared/billing-labels";
import type { ServiceContext } from "../../../context/service-context";
import type { Database } from "../../../db/client";

async function monthlyValueOf(tx: Database, companyId: string, planId: string, interval: BillingInterval) {
  const [row] = await tx
    .select({ plan: pricingPlan, currency: company.currency })
    .from(pricingPlan)
    .innerJoin(company, eq(company.id, companyId))
    .where(eq(pricingPlan.id, planId));
  return { minor: monthlyValue(priceOf(row!.plan, interval), interval), currency: row!.currency };
}

/**
 * Moves a subscription whose period has ended into the next one (applying a scheduled downgrade or
 * a cancellation at the period's end) and issues that period's invoice, in the caller's
 * transaction, which holds the subscription row's lock.
 */
export async function advancePeriod(ttx: ServiceContext, sub: typeof subscription.$inferSelect): Promise<void> {
  const { db: tx, now } = ttx;
  // The ending period's hours close first: their overage joins the next invoice as a pending charge.
  const hours = await settleHours(ttx, sub);
  if (hours)
    await addPendingCharge(ttx, {
      companyId: sub.companyId,
      kind: "hours",
      description: hours.description,
      amountMinor: hours.amountMinor,
      source: `hours:${hours.settlementId}`,
    });
  const value = await monthlyValueOf(tx, sub.companyId, sub.scheduledPlanId ?? sub.planId, sub.interval);
  const before =
    sub.status === "trialing" ? 0 : (await monthlyValueOf(tx, sub.companyId, sub.planId, sub.interval)).minor;
  const move = (kind: MrrMovementKind, deltaMinor: number) =>
    recordMrrMovement(tx, {
      companyId: sub.companyId,
      kind,
      deltaMinor,
      currency: value.currency,
      at: sub.currentPeriodEnd,
    });
  if (sub.cancelAtPeriodEnd) {
    await tx.update(subscription).set({ status: "canceled", updatedAt: now }).where(eq(subscription.id, sub.id));
    await move("churn", -before);
    return;
  }
  if (sub.status === "trialing") await move("new", value.minor);
  else if (value.minor !== before) await move(value.minor > before ? "expansion" : "contraction", value.minor - before);
  const start = sub.currentPeriodEnd;
  const [renewed] = await tx
    .update(subscription)
    .set({
      status: sub.status === "trialing" ? "active" : sub.status,
      planId: sub.scheduledPlanId ?? sub.planId,
      scheduledPlanId: null,
      currentPeriodStart: start,
      currentPeriodEnd: addInterval(start, sub.interval, sub.anchorDay ?? undefined),
      updatedAt: now,
    })
    .where(eq(subscription.id, sub.id))
    .returning();
  await issuePeriodInvoice(ttx, renewed!);
}

/**
 * Renews one subscription whose period has ended. The row lock makes instances take turns; the
 * re-read period end makes the second a no-op, and the invoice's unique (company, period start) key
 * guards the rest.
 */
async function renewOne(ctx: ServiceContext<null>, subscriptionId: string): Promise<boolean> {
  return ctx.transaction(async (ttx) => {
    const [sub] = await ttx.db.select().from(subscription).where(eq(subscription.id, subscriptionId)).for("update");
    if (!sub || sub.status === "canceled" || sub.currentPeriodEnd > ctx.now) return false;
    await advancePeriod(ttx, sub);
    return true;
  });
}

/**
 * One pass of recurring billing at `ctx.now`: renew ended periods (catching up if the job was
 * away), the extra hours of Stripe-paid companies to Stripe, reminders, usage notices.
 */
export async function runBillingCycle(ctx: ServiceContext<null>) {
  const { db, now } = ctx;
  let renewed = 0;
  for (let round = 0; round < 24; round++) {
    const due = await db
      .select({ id: subscription.id })
      .from(subscription)
      .where(
        and(
          inArray(subscription.status, ["trialing", "active", "past_due"]),
          lte(subscription.currentPeriodEnd, now),
          eq(subscription.provider, "manual"),
        ),
      )
      .limit(500);
    if (due.length === 0) break;
    for (const { id } of due) if (await renewOne(ctx, id)) renewed++;
  }
  const hoursToStripe = await sendHoursToStripe(ctx);
  const reminders = await sendOverdueReminders(ctx);
  const notices = await sendUsageNotices(ctx);
  return { renewed, hoursToStripe, reminders, notices };
}
