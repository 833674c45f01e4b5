import { eq } from "drizzle-orm";
import { DAY_MS } from "../../../../shared/days";
import { lockClientCompany } from "../../../context/company-scope";
import { subscription } from "../../../db/schema/billing";
import { AppError, conflict } from "../../../lib/app-error";
import { audit } from "../../audit";
import { issuePeriodInvoice } from "../invoices/period-invoice";
import { findPlanOnSale } from "./find-plan";
import { recordMrrMovement } from "./mrr.service";
import { addInterval, monthlyValue, priceOf } from "./periods";
import { loadSubscription } from "./subscription-view";
import type { TSubscriptionResponse } from "../../../../shared/billing";
import type { BillingInterval } from "../../../../shared/billing-labels";
import type { ActorContext } from "../../../context/service-context";

/**
 * Staff put a company on a plan. Without a trial the first period starts now and its invoice is
 * issued and mailed at once (billing is in advance); with one, the first invoice comes when the
 * trial ends. A company has one subscription: a canceled one is restarted, a running one refused.
 */
export async function subscribeCompany(
  ctx: ActorContext,
  input: { companyId: string; planSlug: string; interval: BillingInterval; trialDays: number },
): Promise<TSubscriptionResponse> {
  const { companyId } = input;
  const { now } = ctx;
  return ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const client = await lockClientCompany(tx, companyId);
    const chosen = await findPlanOnSale(tx, input.planSlug);
    if (chosen.currency !== client.currency)
      throw new AppError(
        "VALIDATION",
        `The plan is priced in ${chosen.currency}, but ${client.name} is billed in ${client.currency}.`,
        {
          fields: { planSlug: `Choose a plan priced in ${client.currency}` },
        },
      );
    const [existing] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId));
    if (existing && existing.status !== "canceled")
      throw conflict(
        `${client.name} already has a subscription (${existing.status.replace("_", " ")}); the owner changes its plan.`,
      );
    const trial = input.trialDays > 0;
    const periodEnd = trial ? new Date(now.getTime() + input.trialDays * DAY_MS) : addInterval(now, input.interval);
    const values = {
      companyId,
      planId: chosen.id,
      status: trial ? ("trialing" as const) : ("active" as const),
      interval: input.interval,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      // The first paid period starts now, or when the trial ends: its day is every period's end day.
      anchorDay: (trial ? periodEnd : now).getUTCDate(),
      trialEndsAt: trial ? periodEnd : null,
      cancelAtPeriodEnd: false,
      scheduledPlanId: null,
      // A company that paid by card and canceled is billed by hand again (the period job's own).
      provider: "manual" as const,
      stripeSubscriptionId: null,
      updatedAt: now,
    };
    const [saved] = await tx
      .insert(subscription)
      .values(values)
      .onConflictDoUpdate({ target: subscription.companyId, set: values })
      .returning();
    if (!trial) {
      await issuePeriodInvoice(ttx, saved!);
      const deltaMinor = monthlyValue(priceOf(chosen, input.interval), input.interval);
      await recordMrrMovement(tx, { companyId, kind: "new", deltaMinor, currency: client.currency, at: now });
    }
    await audit(ttx, {
      action: "subscription.created",
      companyId,
      objectType: "subscription",
      objectId: saved!.id,
      summary: `Put ${client.name} on the ${chosen.name} plan, ${input.interval}${trial ? `, with a ${input.trialDays}-day trial` : ""}`,
      after: { plan: chosen.slug, interval: input.interval, status: values.status, trialDays: input.trialDays },
    });
    return { subscription: (await loadSubscription(tx, companyId))! };
  });
}
