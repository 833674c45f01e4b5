import { and, asc, eq, isNull } from "drizzle-orm";
import { pendingCharge, subscription } from "../../../db/schema/billing";
import { pricingPlan } from "../../../db/schema/pricing";
import { accruingHoursLine } from "../../hours";
import { settingsOf } from "../billing-settings";
import { addInterval, priceOf, taxOf } from "../subscriptions/periods";
import { periodLineDescription } from "./period-invoice";
import type { TUpcomingInvoice, TUpcomingLine } from "../../../../shared/billing";
import type { ServiceContext } from "../../../context/service-context";

/**
 * What the company's next invoice holds as of now, computed the way it will be issued: the next
 * period's plan line (the scheduled plan if a downgrade is due; none when the plan ends or Stripe
 * bills it), then every open pending charge (setup fees, prorations, one-offs) in the order they
 * were made, then the extra hours accruing in the period under way (marked `accruing`, for manual
 * and Stripe-paid companies alike), taxed at the configured rate. Null when nothing is waiting.
 */
export async function upcomingInvoiceOf(
  ctx: ServiceContext,
  input: { companyId: string; currency: string },
): Promise<TUpcomingInvoice | null> {
  const { db } = ctx;
  const { companyId } = input;
  const [sub] = await db.select().from(subscription).where(eq(subscription.companyId, companyId));
  const charges = await db
    .select({
      kind: pendingCharge.kind,
      description: pendingCharge.description,
      amountMinor: pendingCharge.amountMinor,
    })
    .from(pendingCharge)
    .where(and(eq(pendingCharge.companyId, companyId), isNull(pendingCharge.invoiceId)))
    .orderBy(asc(pendingCharge.createdAt), asc(pendingCharge.id));
  const billsPeriod =
    sub && sub.provider === "manual" && sub.status !== "canceled" && !sub.cancelAtPeriodEnd ? sub : null;
  const lines: TUpcomingLine[] = [];
  let period: { start: Date; end: Date } | null = null;
  if (billsPeriod) {
    const [plan] = await db
      .select()
      .from(pricingPlan)
      .where(eq(pricingPlan.id, billsPeriod.scheduledPlanId ?? billsPeriod.planId));
    const start = billsPeriod.currentPeriodEnd;
    period = { start, end: addInterval(start, billsPeriod.interval, billsPeriod.anchorDay ?? undefined) };
    lines.push({
      kind: "plan",
      description: periodLineDescription(plan!.name, billsPeriod.interval, period.start, period.end),
      amountMinor: priceOf(plan!, billsPeriod.interval),
    });
  }
  lines.push(...charges);
  // Extra hours of the period under way, as they stand: billed with the invoice issued at its end,
  // or (Stripe-paid) sent to Stripe when the period ends and charged to the card.
  const live = sub && sub.status !== "canceled" ? sub : null;
  const hours = live ? await accruingHoursLine(ctx, companyId) : null;
  if (live && hours)
    lines.push({
      kind: "hours",
      description: hours.description,
      amountMinor: hours.amountMinor,
      accruing: { billedBy: live.provider === "stripe" ? "card" : "invoice", awaitingMinutes: hours.awaitingMinutes },
    });
  if (lines.length === 0) return null;
  const taxRateBp = settingsOf(ctx).taxRateBp;
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const taxMinor = taxOf(subtotalMinor, taxRateBp);
  return {
    issuesOn: period ? period.start.toISOString() : null,
    periodStart: period?.start.toISOString() ?? null,
    periodEnd: period?.end.toISOString() ?? null,
    currency: input.currency,
    lines,
    subtotalMinor,
    taxRateBp,
    taxMinor,
    totalMinor: subtotalMinor + taxMinor,
  };
}
