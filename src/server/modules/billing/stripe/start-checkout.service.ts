import { eq } from "drizzle-orm";
import { DAY_MS } from "../../../../shared/days";
import { lockClientCompany } from "../../../context/company-scope";
import { billingCustomer, subscription } from "../../../db/schema/billing";
import { pricingPlan } from "../../../db/schema/pricing";
import { conflict } from "../../../lib/app-error";
import { audit } from "../../audit";
import { settingsOf } from "../billing-settings";
import { priceOf } from "../subscriptions/periods";
import { providerOf, requireCard, type CardGateway } from "./provider";
import type { TRedirectResponse } from "../../../../shared/billing";
import type { ActorContext } from "../../../context/service-context";
import type { Database } from "../../../db/client";

/**
 * The company's Stripe customer, made at most once: the caller holds the company row's lock, so
 * a second request waits here and then finds the stored id instead of creating another customer.
 */
export async function stripeCustomerOf(
  tx: Database,
  card: CardGateway,
  client: { id: string; name: string },
  email: string,
): Promise<string> {
  const [stored] = await tx.select().from(billingCustomer).where(eq(billingCustomer.companyId, client.id));
  if (stored) return stored.stripeCustomerId;
  const stripeCustomerId = await card.createCustomer({ companyId: client.id, name: client.name, email });
  await tx.insert(billingCustomer).values({ companyId: client.id, stripeCustomerId });
  return stripeCustomerId;
}

/**
 * The owner starts paying the company's plan by card: Stripe Checkout for the plan and interval
 * staff chose. A period already invoiced by hand is not charged again: the card is first charged
 * when it ends (Stripe needs that at least two days ahead, else it charges at once).
 */
export async function startCheckout(ctx: ActorContext, input: { companyId: string }): Promise<TRedirectResponse> {
  const { companyId } = input;
  const { now, actor } = ctx;
  const card = requireCard(providerOf(ctx));
  const prepared = await ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const client = await lockClientCompany(tx, companyId);
    const [row] = await tx
      .select({ sub: subscription, plan: pricingPlan })
      .from(subscription)
      .innerJoin(pricingPlan, eq(pricingPlan.id, subscription.planId))
      .where(eq(subscription.companyId, companyId));
    if (!row) throw conflict("Your company has no plan yet; contact us to choose one.");
    const { sub } = row;
    if (sub.provider === "stripe" && sub.status !== "canceled")
      throw conflict("Your plan is already paid by card; use Manage card to change the card.", "already-on-stripe");
    const customerId = await stripeCustomerOf(tx, card, client, actor.email);
    await audit(ttx, {
      action: "billing.checkout_started",
      companyId,
      objectType: "subscription",
      objectId: sub.id,
      summary: `Opened card payment by Stripe Checkout for ${client.name}'s ${row.plan.name} plan`,
      after: { stripeCustomerId: customerId },
    });
    const invoicedByHand = sub.status === "active" && sub.currentPeriodEnd.getTime() > now.getTime() + 2 * DAY_MS;
    return {
      customerId,
      companyId,
      planId: row.plan.id,
      planName: row.plan.name,
      priceMinor: priceOf(row.plan, sub.interval),
      currency: client.currency,
      interval: sub.interval,
      firstChargeAt: invoicedByHand ? sub.currentPeriodEnd : null,
    };
  });
  return { url: await card.checkoutUrl({ ...prepared, returnUrl: `${settingsOf(ctx).appUrl}/billing` }) };
}
