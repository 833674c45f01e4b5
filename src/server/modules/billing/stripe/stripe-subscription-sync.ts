import { eq } from "drizzle-orm";
import { isUuid } from "../../../../shared/uuid";
import { lockClientCompany } from "../../../context/company-scope";
import { billingCustomer, subscription } from "../../../db/schema/billing";
import { company } from "../../../db/schema/companies";
import { pricingPlan } from "../../../db/schema/pricing";
import { settleHours } from "../../hours";
import { recordMrrMovement } from "../subscriptions/mrr.service";
import { monthlyValue, priceOf } from "../subscriptions/periods";
import type { BillingInterval, SubscriptionStatus } from "../../../../shared/billing-labels";
import type { ServiceContext } from "../../../context/service-context";
import type { Database } from "../../../db/client";
import type Stripe from "stripe";

const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  active: "active",
  trialing: "trialing",
  past_due: "past_due",
  unpaid: "past_due",
  incomplete: "past_due",
  paused: "past_due",
  canceled: "canceled",
  incomplete_expired: "canceled",
};
const counts = (status: SubscriptionStatus) => status === "active" || status === "past_due";
const idOf = (ref: string | { id: string }) => (typeof ref === "string" ? ref : ref.id);
const at = (seconds: number) => new Date(seconds * 1000);

/** The company a Stripe customer belongs to: the stored customer id, else the metadata we sent. */
export async function companyOfCustomer(
  tx: Database,
  customer: string | { id: string },
  metadata?: Stripe.Metadata | null,
) {
  const [stored] = await tx
    .select({ companyId: billingCustomer.companyId })
    .from(billingCustomer)
    .where(eq(billingCustomer.stripeCustomerId, idOf(customer)));
  if (stored) return stored.companyId;
  const claimed = metadata?.companyId;
  if (!claimed || !isUuid(claimed)) return null;
  const [row] = await tx.select({ id: company.id }).from(company).where(eq(company.id, claimed));
  return row?.id ?? null;
}

async function planOf(tx: Database, planId: string | undefined) {
  if (!planId || !isUuid(planId)) return null;
  const [row] = await tx.select().from(pricingPlan).where(eq(pricingPlan.id, planId));
  return row ?? null;
}

type SubscriptionRow = typeof subscription.$inferSelect;

/** The company's subscription row as a string, to see whether anything wrote it in between. */
const versionOf = (row: SubscriptionRow | undefined) => (row ? JSON.stringify(row) : null);

/** What the company's subscription row is now: taken before reading a copy from Stripe (see `fresh`). */
export async function subscriptionVersion(db: Database, companyId: string | null) {
  if (!companyId) return null;
  const [row] = await db.select().from(subscription).where(eq(subscription.companyId, companyId));
  return versionOf(row);
}

/** Whether applying these values would change what the company pays or sees. */
function changes(existing: SubscriptionRow, values: Partial<SubscriptionRow>) {
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
  return (Object.keys(values) as Array<keyof SubscriptionRow>)
    .filter((key) => key !== "stripeEventAt" && key !== "updatedAt")
    .some((key) => !same(existing[key], values[key]));
}

export type SyncOutcome = "applied" | "stale" | "unknown" | "doubt" | "moved";

/**
 * Applies a Stripe subscription to the company's one subscription row, in this order (ADR 0016):
 * 1. Canceled is final: Stripe never makes a canceled subscription active again (starting anew
 *    makes a new id). A canceled copy of the subscription the company is on applies whatever its
 *    time; once canceled, nothing about that id changes it; a canceled one it is not on changes nothing.
 * 2. Otherwise an event older than the last one applied (`stripe_event_at`) changes nothing.
 * 3. One from the same second (Stripe's `created` has whole seconds) that says something else is
 *    in doubt ("doubt"): the caller re-reads the subscription from Stripe and applies that copy.
 * A copy just read from Stripe (`fresh`) skips 2 and 3, but only if the row is still as it was
 * before the read began (`fresh.before`); if anything wrote it meanwhile, the caller reads again
 * ("moved"). Writes the MRR movement the change makes. Returns what happened. `ctx` is the
 * webhook's transaction.
 */
export async function syncStripeSubscription(
  ctx: ServiceContext,
  stripeSub: Stripe.Subscription,
  eventAt: Date,
  { fresh }: { fresh?: { companyId: string | null; before: string | null } } = {},
): Promise<SyncOutcome> {
  const { db: tx, now } = ctx;
  const companyId = await companyOfCustomer(tx, stripeSub.customer, stripeSub.metadata);
  if (!companyId) return "unknown";
  if (fresh && fresh.companyId !== companyId) return "moved";
  const client = await lockClientCompany(tx, companyId);
  const [existing] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId)).for("update");
  if (fresh && versionOf(existing) !== fresh.before) return "moved";
  const status = STATUS[stripeSub.status] ?? "past_due";
  if (canceledRefusal(existing, stripeSub.id, status)) return "stale";
  const chosen = (await planOf(tx, stripeSub.metadata?.planId)) ?? (await planOf(tx, existing?.planId));
  if (!chosen) return "unknown";
  const values = subscriptionValues(stripeSub, { companyId, planId: chosen.id, status, eventAt, existing, now });
  const outOfOrder = fresh ? null : orderRefusal(existing, values, eventAt);
  if (outOfOrder) return outOfOrder;
  await settleEndedPeriod(ctx, existing, values);
  await settleFinalPeriod(ctx, existing, values, stripeSub, eventAt);
  await tx.insert(subscription).values(values).onConflictDoUpdate({ target: subscription.companyId, set: values });
  await recordMovement(tx, {
    companyId,
    existing,
    chosen,
    status,
    interval: values.interval,
    currency: client.currency,
    eventAt,
  });
  return "applied";
}

/**
 * Stripe renewed the subscription the company is on into a later period: the ended period's hours
 * are settled in this transaction, as the billing cycle does for manual ones, and their overage
 * waits in the settlement for the Stripe invoice item (`sendHoursToStripe`). The settlement runs to
 * the new period's start, so no day falls between two periods even if an event was missed.
 */
async function settleEndedPeriod(
  ctx: ServiceContext,
  existing: SubscriptionRow | undefined,
  values: ReturnType<typeof subscriptionValues>,
) {
  if (!existing || existing.provider !== "stripe" || existing.status === "canceled") return;
  if (existing.stripeSubscriptionId !== values.stripeSubscriptionId) return;
  if (values.currentPeriodStart <= existing.currentPeriodStart) return;
  const ended = {
    companyId: existing.companyId,
    currentPeriodStart: existing.currentPeriodStart,
    currentPeriodEnd: values.currentPeriodStart,
  };
  await settleHours(ctx, ended, { toStripe: true });
}

/**
 * The subscription the company is on has ended (deleted at its period's end or at once, or expired
 * unpaid): no renewal will follow, so no Stripe invoice would carry the last period's extra hours.
 * That period is settled here, in the event's transaction and before the row says canceled (rule 1
 * then makes every later copy a no-op), up to the moment Stripe ended it; the settlement is marked
 * to be invoiced at once (`sendHoursToStripe`), collected as the subscription was. If the event
 * also skipped a renewal, `settleEndedPeriod` has closed the period before, and this one starts at
 * the new period's start. The unique (company, period start) key keeps it once.
 */
async function settleFinalPeriod(
  ctx: ServiceContext,
  existing: SubscriptionRow | undefined,
  values: ReturnType<typeof subscriptionValues>,
  stripeSub: Stripe.Subscription,
  eventAt: Date,
) {
  if (!existing || existing.provider !== "stripe" || existing.status === "canceled") return;
  if (existing.stripeSubscriptionId !== values.stripeSubscriptionId || values.status !== "canceled") return;
  const start =
    values.currentPeriodStart > existing.currentPeriodStart ? values.currentPeriodStart : existing.currentPeriodStart;
  const endedAt = stripeSub.ended_at ? at(stripeSub.ended_at) : eventAt;
  const periodEnd = values.currentPeriodEnd > start ? values.currentPeriodEnd : existing.currentPeriodEnd;
  // Ended at the period's end: its days as any period's; cut short: up to the day it ended on.
  const cutShort = endedAt < periodEnd;
  const end = cutShort ? (endedAt > start ? endedAt : start) : periodEnd;
  await settleHours(
    ctx,
    { companyId: existing.companyId, currentPeriodStart: start, currentPeriodEnd: end },
    {
      toStripe: true,
      endDayIncluded: cutShort,
      stripeEnd: {
        collectionMethod: stripeSub.collection_method === "send_invoice" ? "send_invoice" : "charge_automatically",
        daysUntilDue: stripeSub.days_until_due ?? null,
      },
    },
  );
}

/** Rule 1: a canceled subscription the company is on is final; a canceled one it is not on changes nothing. */
function canceledRefusal(existing: SubscriptionRow | undefined, stripeId: string, status: SubscriptionStatus) {
  const onIt = existing?.stripeSubscriptionId === stripeId;
  if (onIt && existing.status === "canceled") return true;
  return Boolean(existing && !onIt && status === "canceled");
}

/** The subscription row Stripe's copy makes, keeping the newest event time applied. */
function subscriptionValues(
  stripeSub: Stripe.Subscription,
  {
    companyId,
    planId,
    status,
    eventAt,
    existing,
    now,
  }: {
    companyId: string;
    planId: string;
    status: SubscriptionStatus;
    eventAt: Date;
    existing: SubscriptionRow | undefined;
    now: Date;
  },
) {
  const item = stripeSub.items.data[0];
  const interval: BillingInterval = item?.price.recurring?.interval === "year" ? "yearly" : "monthly";
  const stamp = existing?.stripeEventAt && existing.stripeEventAt > eventAt ? existing.stripeEventAt : eventAt;
  return {
    companyId,
    planId,
    status,
    interval,
    currentPeriodStart: item ? at(item.current_period_start) : (existing?.currentPeriodStart ?? eventAt),
    currentPeriodEnd: item ? at(item.current_period_end) : (existing?.currentPeriodEnd ?? eventAt),
    trialEndsAt: stripeSub.trial_end ? at(stripeSub.trial_end) : null,
    cancelAtPeriodEnd: stripeSub.cancel_at_period_end,
    scheduledPlanId: null,
    provider: "stripe" as const,
    stripeSubscriptionId: stripeSub.id,
    stripeEventAt: stamp,
    updatedAt: now,
  };
}

/** Rules 2 and 3 (not for a fresh copy): an older event is stale, one of the same second that differs is in doubt. */
function orderRefusal(
  existing: SubscriptionRow | undefined,
  values: ReturnType<typeof subscriptionValues>,
  eventAt: Date,
): "stale" | "doubt" | null {
  const applied = existing?.stripeEventAt;
  if (values.status === "canceled" || !existing || !applied) return null;
  if (eventAt < applied) return "stale";
  if (eventAt.getTime() === applied.getTime() && changes(existing, values)) return "doubt";
  return null;
}

/** The MRR movement from what the company paid a month before to what it pays now. */
async function recordMovement(
  tx: Database,
  {
    companyId,
    existing,
    chosen,
    status,
    interval,
    currency,
    eventAt,
  }: {
    companyId: string;
    existing: SubscriptionRow | undefined;
    chosen: typeof pricingPlan.$inferSelect;
    status: SubscriptionStatus;
    interval: BillingInterval;
    currency: string;
    eventAt: Date;
  },
) {
  let before = 0;
  if (existing && counts(existing.status)) {
    const previous = existing.planId === chosen.id ? chosen : await planOf(tx, existing.planId);
    before = previous ? monthlyValue(priceOf(previous, existing.interval), existing.interval) : 0;
  }
  const after = counts(status) ? monthlyValue(priceOf(chosen, interval), interval) : 0;
  const kind = before === 0 ? "new" : after === 0 ? "churn" : after > before ? "expansion" : "contraction";
  await recordMrrMovement(tx, { companyId, kind, deltaMinor: after - before, currency, at: eventAt });
}
