import { eq } from "drizzle-orm";
import { DAY_MS } from "../../../../shared/days";
import { lockClientCompany } from "../../../context/company-scope";
import { subscription } from "../../../db/schema/billing";
import { pricingPlan } from "../../../db/schema/pricing";
import { conflict, notFound } from "../../../lib/app-error";
import { audit } from "../../audit";
import { agencyRecipients, billingRecipients, subscriptionChangeMails } from "../billing-mails";
import { settingsOf } from "../billing-settings";
import { advancePeriod } from "./billing-cycle.service";
import { recordMrrMovement } from "./mrr.service";
import { monthlyValue, priceOf } from "./periods";
import { loadSubscription } from "./subscription-view";
import type { TSubscriptionResponse } from "../../../../shared/billing";
import type { ActorContext } from "../../../context/service-context";

type Sub = typeof subscription.$inferSelect;
type Client = Awaited<ReturnType<typeof lockClientCompany>>;

const longDay = (date: Date) =>
  date.toLocaleDateString("en-IE", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** The rule staff confirm before canceling now; the same words go in the mails. */
export const CANCEL_NOW_RULE =
  "the period already invoiced is not refunded and nothing more is billed; a refund is a credit note on that invoice";

/**
 * One staff action on a company's subscription, in one transaction: lock the company and the
 * subscription, apply, audit, mail the owner and the agency. `apply` answers the subject and
 * sentence of the change, or null when nothing changed.
 */
async function actOnSubscription(
  ctx: ActorContext,
  companyId: string,
  apply: (sub: Sub, client: Client, tx: ActorContext) => Promise<{ action: string; subject: string; sentence: string }>,
): Promise<TSubscriptionResponse> {
  return ctx.transaction(async (ttx) => {
    const tx = ttx.db;
    const client = await lockClientCompany(tx, companyId);
    const [sub] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId)).for("update");
    if (!sub) throw notFound(`${client.name} has no plan yet.`);
    if (sub.provider === "stripe")
      throw conflict("This plan is paid by card through Stripe: change it in Stripe's dashboard.", "paid-by-card");
    const done = await apply(sub, client, ttx);
    const [after] = await tx.select().from(subscription).where(eq(subscription.id, sub.id));
    const facts = (row: Sub) => ({
      status: row.status,
      periodEnd: row.currentPeriodEnd.toISOString(),
      trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    });
    await audit(ttx, {
      action: done.action,
      companyId,
      objectType: "subscription",
      objectId: sub.id,
      summary: `${client.name}: ${done.sentence}`,
      before: facts(sub),
      after: facts(after!),
    });
    const mails = subscriptionChangeMails({
      companyId,
      companyName: client.name,
      subject: done.subject,
      agencySubject: "Subscription change",
      sentence: done.sentence,
      by: "staff",
      appUrl: settingsOf(ttx).appUrl,
    });
    for (const to of await billingRecipients(tx, companyId)) await ttx.outbox.enqueue(to, mails.owner);
    for (const to of await agencyRecipients(tx)) await ttx.outbox.enqueue(to, mails.agency);
    return { subscription: (await loadSubscription(tx, companyId))! };
  });
}

const requireTrial = (sub: Sub) => {
  if (sub.status !== "trialing") throw conflict("The company is not on a trial.", "not-trialing");
};

/** Staff end a trial now: the first paid period starts today and its invoice is issued at once. */
export const endTrial = (ctx: ActorContext, input: { companyId: string }) =>
  actOnSubscription(ctx, input.companyId, async (sub, _client, ttx) => {
    requireTrial(sub);
    const now = ttx.now;
    const [ended] = await ttx.db
      .update(subscription)
      .set({ trialEndsAt: now, currentPeriodEnd: now, anchorDay: now.getUTCDate(), updatedAt: now })
      .where(eq(subscription.id, sub.id))
      .returning();
    await advancePeriod(ttx, ended!);
    return {
      action: "subscription.trial_ended",
      subject: "Your trial has ended",
      sentence: `The trial ended on ${longDay(now)}; the first paid period starts today and its invoice is issued`,
    };
  });

/** Staff extend a trial by some days: the first invoice moves with it. */
export const extendTrial = (ctx: ActorContext, input: { companyId: string; days: number }) =>
  actOnSubscription(ctx, input.companyId, async (sub, _client, ttx) => {
    requireTrial(sub);
    const end = new Date(sub.currentPeriodEnd.getTime() + input.days * DAY_MS);
    await ttx.db
      .update(subscription)
      .set({ trialEndsAt: end, currentPeriodEnd: end, anchorDay: end.getUTCDate(), updatedAt: ttx.now })
      .where(eq(subscription.id, sub.id));
    return {
      action: "subscription.trial_extended",
      subject: "Your trial is longer",
      sentence: `The trial is extended by ${input.days} ${input.days === 1 ? "day" : "days"}, until ${longDay(end)}`,
    };
  });

/** Staff cancel at the period's end (nothing more is billed after it) or now (see CANCEL_NOW_RULE). */
export const cancelSubscription = (ctx: ActorContext, input: { companyId: string; when: "period_end" | "now" }) =>
  actOnSubscription(ctx, input.companyId, async (sub, client, ttx) => {
    if (sub.status === "canceled") throw conflict("The subscription is already canceled.", "canceled");
    const now = ttx.now;
    if (input.when === "period_end") {
      if (sub.cancelAtPeriodEnd) throw conflict("The subscription already ends with this period.", "ending");
      await ttx.db
        .update(subscription)
        .set({ cancelAtPeriodEnd: true, scheduledPlanId: null, updatedAt: now })
        .where(eq(subscription.id, sub.id));
      return {
        action: "subscription.cancel_scheduled",
        subject: "Your plan ends with this period",
        sentence: `The plan ends on ${longDay(sub.currentPeriodEnd)}; nothing more is billed after that day`,
      };
    }
    await ttx.db
      .update(subscription)
      .set({
        status: "canceled",
        cancelAtPeriodEnd: false,
        scheduledPlanId: null,
        currentPeriodEnd: now,
        updatedAt: now,
      })
      .where(eq(subscription.id, sub.id));
    if (sub.status !== "trialing") {
      const [plan] = await ttx.db.select().from(pricingPlan).where(eq(pricingPlan.id, sub.planId));
      const value = monthlyValue(priceOf(plan!, sub.interval), sub.interval);
      await recordMrrMovement(ttx.db, {
        companyId: sub.companyId,
        kind: "churn",
        deltaMinor: -value,
        currency: client.currency,
        at: now,
      });
    }
    return {
      action: "subscription.canceled",
      subject: "Your plan is canceled",
      sentence: `The plan was canceled on ${longDay(now)}: ${CANCEL_NOW_RULE}`,
    };
  });

/** Staff call off a cancellation at the period's end: the plan renews as before. */
export const resumeSubscription = (ctx: ActorContext, input: { companyId: string }) =>
  actOnSubscription(ctx, input.companyId, async (sub, _client, ttx) => {
    if (!sub.cancelAtPeriodEnd || sub.status === "canceled")
      throw conflict("The subscription is not set to end with this period.", "not-ending");
    await ttx.db
      .update(subscription)
      .set({ cancelAtPeriodEnd: false, updatedAt: ttx.now })
      .where(eq(subscription.id, sub.id));
    return {
      action: "subscription.cancel_called_off",
      subject: "Your plan continues",
      sentence: `The plan no longer ends on ${longDay(sub.currentPeriodEnd)}; it renews as before`,
    };
  });
