import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { invoice, subscription } from "../db/schema/billing";
import { pricingPlan } from "../db/schema/pricing";
import type { TestRuntime } from "./test-runtime";
import type { BillingInterval, SubscriptionStatus } from "../../shared/billing-labels";

const DAY = 86_400_000;

/**
 * A company's subscription, written straight into its table as billing would leave it: on the plan
 * of that slug, in that status, its period running from yesterday for a month.
 */
export async function givenSubscription(
  t: TestRuntime,
  companyId: string,
  spec: { plan: string; status: SubscriptionStatus; interval?: BillingInterval; now?: Date },
) {
  const [plan] = await t.db.select({ id: pricingPlan.id }).from(pricingPlan).where(eq(pricingPlan.slug, spec.plan));
  if (!plan) throw new Error(`no plan ${spec.plan}`);
  const now = (spec.now ?? new Date()).getTime();
  await t.db.insert(subscription).values({
    companyId,
    planId: plan.id,
    status: spec.status,
    interval: spec.interval ?? "monthly",
    currentPeriodStart: new Date(now - DAY),
    currentPeriodEnd: new Date(now + 29 * DAY),
    trialEndsAt: spec.status === "trialing" ? new Date(now + 13 * DAY) : null,
  });
}

/** An open invoice of the company whose due date passed `overdueDays` days ago (0: due today, not yet overdue). */
export async function givenOpenInvoice(
  t: TestRuntime,
  companyId: string,
  spec: { overdueDays: number; totalMinor?: number; now?: Date },
) {
  const now = (spec.now ?? new Date()).getTime();
  await t.db.insert(invoice).values({
    companyId,
    number: `T-${randomUUID()}`,
    status: "open",
    currency: "EUR",
    totalMinor: spec.totalMinor ?? 10_000,
    subtotalMinor: spec.totalMinor ?? 10_000,
    issuedAt: new Date(now - (spec.overdueDays + 14) * DAY),
    dueAt: new Date(now - spec.overdueDays * DAY),
  });
}
