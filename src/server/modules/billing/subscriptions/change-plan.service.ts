import { eq } from "drizzle-orm";
import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { lockClientCompany, requireCompany } from "../../../context/company-scope";
import { subscription } from "../../../db/schema/billing";
import { pricingPlan } from "../../../db/schema/pricing";
import { conflict, notFound } from "../../../lib/app-error";
import { audit } from "../../audit";
import { notePlanChange } from "../../hours";
import { agencyRecipients, billingRecipients, subscriptionChangeMails } from "../billing-mails";
import { settingsOf } from "../billing-settings";
import { addPendingCharge } from "../invoices/pending-charges";
import { findPlanOnSale } from "./find-plan";
import { recordMrrMovement } from "./mrr.service";
import { monthlyValue, priceOf } from "./periods";
import { quotePlanChange } from "./plan-change-quote";
import { loadSubscription } from "./subscription-view";
import type { TChangePlanResponse, TPlanChangeQuote } from "../../../../shared/billing";
import type { ActorContext, ServiceContext } from "../../../context/service-context";
import type { Database } from "../../../db/client";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The subscription a plan change applies to, its plans and the quote; refused when it cannot change here. */
async function planChangeOf(tx: Database, input: { companyId: string; planSlug: string; now: Date; lock: boolean }) {
  const { companyId, now } = input;
  const client = input.lock ? await lockClientCompany(tx, companyId) : await requireCompany(tx, companyId);
  const query = tx.select().from(subscription).where(eq(subscription.companyId, companyId));
  const [sub] = input.lock ? await query.for("update") : await query;
  if (!sub) throw notFound(`${client.name} has no plan yet; the agency puts it on one.`);
  if (sub.status === "canceled") throw conflict("The subscription is canceled; the agency starts a new one.");
  if (sub.provider === "stripe")
    throw conflict("The plan is paid by card through Stripe; contact the agency to change it.", "paid-by-card");
  const [current] = await tx.select().from(pricingPlan).where(eq(pricingPlan.id, sub.planId));
  const chosen = await findPlanOnSale(tx, input.planSlug);
  const [scheduled] = sub.scheduledPlanId
    ? await tx.select().from(pricingPlan).where(eq(pricingPlan.id, sub.scheduledPlanId))
    : [];
  const quote = quotePlanChange({
    sub,
    current: current!,
    chosen,
    currency: client.currency,
    scheduled: scheduled ?? null,
    now,
  });
  return { client, sub, current: current!, chosen, quote };
}

/** What a change of plan would cost now, and the sentence to confirm; writes nothing. */
export async function quoteChange(
  ctx: ServiceContext,
  input: { companyId: string; planSlug: string },
): Promise<TPlanChangeQuote> {
  return (await planChangeOf(ctx.db, { ...input, now: ctx.now, lock: false })).quote;
}

/**
 * Changes plan, by the owner or by staff, once the person confirmed the quote's amount. A dearer
 * plan applies now, and the rest of the period's difference is a proration on the next invoice; a
 * cheaper one is scheduled for the period's end. The owner and the agency are mailed, the change
 * is audited, all in one transaction.
 */
export async function changePlan(
  ctx: ActorContext,
  input: { companyId: string; planSlug: string; confirmedProrationMinor: number; by: "owner" | "staff" },
): Promise<TChangePlanResponse> {
  const { companyId } = input;
  const { now } = ctx;
  return ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const { client, sub, current, chosen, quote } = await planChangeOf(tx, { ...input, now, lock: true });
    if (quote.prorationMinor !== input.confirmedProrationMinor)
      throw conflict(
        `The amount for the rest of this period is now ${formatInvoiceMoney(quote.prorationMinor, client.currency)}; review the change and confirm it again.`,
        "quote-changed",
      );
    if (quote.change === "unchanged") {
      if (!sub.scheduledPlanId)
        return { subscription: (await loadSubscription(tx, companyId))!, change: "unchanged", prorationMinor: 0 };
      await tx.update(subscription).set({ scheduledPlanId: null, updatedAt: now }).where(eq(subscription.id, sub.id));
    } else if (quote.change === "upgrade") {
      await tx
        .update(subscription)
        .set({ planId: chosen.id, scheduledPlanId: null, updatedAt: now })
        .where(eq(subscription.id, sub.id));
      await notePlanChange(ttx, { companyId, at: now, includedMinutesBefore: current.includedMinutes });
      if (sub.status !== "trialing")
        await recordMrrMovement(tx, {
          companyId,
          kind: "expansion",
          deltaMinor:
            monthlyValue(priceOf(chosen, sub.interval), sub.interval) -
            monthlyValue(priceOf(current, sub.interval), sub.interval),
          currency: client.currency,
          at: now,
        });
      if (quote.prorationMinor > 0)
        await addPendingCharge(ttx, {
          companyId,
          kind: "proration",
          description: `Upgrade from ${current.name} to ${chosen.name}, ${day(now)} – ${day(sub.currentPeriodEnd)}`,
          amountMinor: quote.prorationMinor,
          source: `plan-change:${sub.id}`,
        });
    } else {
      await tx
        .update(subscription)
        .set({ scheduledPlanId: chosen.id, updatedAt: now })
        .where(eq(subscription.id, sub.id));
    }
    await audit(ttx, {
      action: `subscription.${quote.change === "upgrade" ? "upgraded" : quote.change === "downgrade" ? "downgrade_scheduled" : "downgrade_called_off"}`,
      companyId,
      objectType: "subscription",
      objectId: sub.id,
      summary: `${client.name}: ${quote.confirmation}`,
      before: { plan: current.slug },
      after: { plan: chosen.slug, prorationMinor: quote.prorationMinor, by: input.by },
    });
    const mails = subscriptionChangeMails({
      companyId,
      companyName: client.name,
      subject: quote.change === "downgrade" ? `Your move to the ${chosen.name} plan` : `Your plan: ${chosen.name}`,
      agencySubject: "Plan change",
      sentence: quote.confirmation,
      by: input.by,
      appUrl: settingsOf(ctx).appUrl,
    });
    for (const to of await billingRecipients(tx, companyId)) await ttx.outbox.enqueue(to, mails.owner);
    for (const to of await agencyRecipients(tx)) await ttx.outbox.enqueue(to, mails.agency);
    const change =
      quote.change === "upgrade" ? "upgraded" : quote.change === "downgrade" ? "downgrade_scheduled" : "unchanged";
    return { subscription: (await loadSubscription(tx, companyId))!, change, prorationMinor: quote.prorationMinor };
  });
}
