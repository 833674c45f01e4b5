import { eq } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { billingCustomer, subscription } from "../../db/schema/billing";
import { company } from "../../db/schema/companies";
import { plan } from "../../db/schema/marketing";
import { lockClientCompany } from "../companies/client-company-lock";
import { recordMrrMovement } from "./mrr.service";
import { monthlyValue, priceOf } from "./periods";
import type { BillingInterval, SubscriptionStatus } from "../../../shared/billing";
import type { Tx } from "../companies/client-company-lock";
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
export async function companyOfCustomer(tx: Tx, customer: string | { id: string }, metadata?: Stripe.Metadata | null) {
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

async function planOf(tx: Tx, planId: string | undefined) {
  if (!planId || !isUuid(planId)) return null;
  const [row] = await tx.select().from(plan).where(eq(plan.id, planId));
  return row ?? null;
}

/**
 * Applies a Stripe subscription to the company's one subscription row, unless a newer event was
 * applied already (`stripe_event_at`): events arrive out of order, and an older one changes
 * nothing. `current` marks a copy just read from Stripe, which is never older than what is stored.
 * Writes the MRR movement the change makes. Returns what happened, for the log.
 */
export async function syncStripeSubscription(
  tx: Tx,
  stripeSub: Stripe.Subscription,
  eventAt: Date,
  { current = false } = {},
): Promise<"applied" | "stale" | "unknown"> {
  const companyId = await companyOfCustomer(tx, stripeSub.customer, stripeSub.metadata);
  if (!companyId) return "unknown";
  const client = await lockClientCompany(tx, companyId);
  const [existing] = await tx.select().from(subscription).where(eq(subscription.companyId, companyId)).for("update");
  if (!current && existing?.stripeEventAt && eventAt < existing.stripeEventAt) return "stale";
  // A canceled Stripe subscription other than the one the company now pays with changes nothing.
  if (
    existing?.stripeSubscriptionId &&
    existing.stripeSubscriptionId !== stripeSub.id &&
    stripeSub.status === "canceled"
  )
    return "stale";
  const chosen = (await planOf(tx, stripeSub.metadata?.planId)) ?? (await planOf(tx, existing?.planId));
  if (!chosen) return "unknown";
  const item = stripeSub.items.data[0];
  const interval: BillingInterval = item?.price.recurring?.interval === "year" ? "yearly" : "monthly";
  const status = STATUS[stripeSub.status] ?? "past_due";
  const stamp = existing?.stripeEventAt && existing.stripeEventAt > eventAt ? existing.stripeEventAt : eventAt;
  const values = {
    companyId,
    planId: chosen.id,
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
    updatedAt: new Date(),
  };
  await tx.insert(subscription).values(values).onConflictDoUpdate({ target: subscription.companyId, set: values });

  let before = 0;
  if (existing && counts(existing.status)) {
    const previous = existing.planId === chosen.id ? chosen : await planOf(tx, existing.planId);
    before = previous ? monthlyValue(priceOf(previous, existing.interval), existing.interval) : 0;
  }
  const after = counts(status) ? monthlyValue(priceOf(chosen, interval), interval) : 0;
  const kind = before === 0 ? "new" : after === 0 ? "churn" : after > before ? "expansion" : "contraction";
  await recordMrrMovement(tx, { companyId, kind, deltaMinor: after - before, currency: client.currency, at: eventAt });
  return "applied";
}
