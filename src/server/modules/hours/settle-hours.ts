import { and, eq, isNull, lte } from "drizzle-orm";
import { formatInvoiceMoney } from "../../../shared/billing-labels";
import { dayOf } from "../../../shared/days";
import { formatMinutes } from "../../../shared/hours-labels";
import { hoursPlanChange, hoursSettlement, timeEntry } from "../../db/schema/hours";
import { overageAmount } from "./get-hours.service";
import { budgetOf, companyHours, periodDays, termsOf } from "./hours-terms";
import { periodEntries, tally } from "./tally";
import type { ServiceContext } from "../../context/service-context";

/** The invoice line of extra hours: "Extra hours: 3h 30m × €95.00". */
export const extraHoursLine = (minutes: number, rateMinor: number, currency: string) =>
  `Extra hours: ${formatMinutes(minutes)} × ${formatInvoiceMoney(rateMinor, currency)}`;

/** What a settlement puts on the next invoice. */
export interface HoursCharge {
  settlementId: string;
  description: string;
  amountMinor: number;
}

/** How a Stripe subscription that ended with the period collected: its last hours are invoiced at once, the same way. */
export interface StripeEnd {
  collectionMethod: "charge_automatically" | "send_invoice";
  daysUntilDue: number | null;
}

/**
 * Closes a subscription period's hours at its end, in the caller's transaction (the billing
 * cycle's, which holds the subscription's lock and issues the next invoice): the overage, the
 * rollover into the next period, and every open entry up to the period's last day locked to the
 * settlement. The unique (company, period start) key makes a second attempt, from this instance or
 * another, a no-op (null); a job killed before its commit leaves nothing behind. Time still awaiting
 * approval at the period's end is not billed. `toStripe` (a Stripe-paid company): the overage is
 * not a pending charge of ours but waits in the row for the Stripe invoice item (`sendToStripe`);
 * `stripeEnd`: the subscription ended there, the item gets an invoice of its own. `endDayIncluded`:
 * the period was cut short (a subscription deleted at once), so the day it ended on is its last.
 */
export async function settleHours(
  ctx: ServiceContext,
  sub: { companyId: string; currentPeriodStart: Date; currentPeriodEnd: Date },
  {
    toStripe = false,
    stripeEnd = null,
    endDayIncluded = false,
  }: { toStripe?: boolean; stripeEnd?: StripeEnd | null; endDayIncluded?: boolean } = {},
): Promise<HoursCharge | null> {
  const found = await termsOf(ctx.db, sub.companyId);
  if (!found) return null;
  const days = periodDays(sub.currentPeriodStart, sub.currentPeriodEnd, found.timeZone);
  const firstDay = days.firstDay;
  const lastDay = endDayIncluded ? dayOf(sub.currentPeriodEnd, found.timeZone) : days.lastDay;
  const period = { start: sub.currentPeriodStart, end: sub.currentPeriodEnd, subscribed: true };
  const budget = await budgetOf(ctx.db, sub.companyId, period, found);
  const hours = { ...budget, terms: found.terms };
  const figures = tally(hours, await periodEntries(ctx.db, sub.companyId, firstDay, lastDay));
  const rateMinor = found.terms.overageRateMinor;
  const amountMinor = overageAmount(figures.overageMinutes, rateMinor);
  const [settled] = await ctx.db
    .insert(hoursSettlement)
    .values({
      companyId: sub.companyId,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      includedMinutes: budget.includedMinutes,
      rolledInMinutes: budget.rolledInMinutes,
      usedMinutes: figures.usedMinutes,
      overageMinutes: figures.overageMinutes,
      rateMinor,
      amountMinor,
      rolloverOutMinutes: figures.rolloverOutMinutes,
      sendToStripe: toStripe && amountMinor > 0,
      stripeEndCollection: toStripe && stripeEnd ? stripeEnd.collectionMethod : null,
      stripeDaysUntilDue: toStripe && stripeEnd ? stripeEnd.daysUntilDue : null,
    })
    .onConflictDoNothing({ target: [hoursSettlement.companyId, hoursSettlement.periodStart] })
    .returning({ id: hoursSettlement.id });
  if (!settled) return null;
  await ctx.db
    .update(timeEntry)
    .set({ settlementId: settled.id })
    .where(and(eq(timeEntry.companyId, sub.companyId), lte(timeEntry.day, lastDay), isNull(timeEntry.settlementId)));
  if (amountMinor <= 0) return null;
  return {
    settlementId: settled.id,
    description: extraHoursLine(figures.overageMinutes, rateMinor, found.currency),
    amountMinor,
  };
}

/** The settlement a pending charge's source names (`hours:<id>`), or null. */
export const settlementOfSource = (source: string) => (source.startsWith("hours:") ? source.slice(6) : null);

/**
 * The extra hours of the current period as they would be billed if it ended now, for the next
 * invoice (manual companies) or the card charge after the period (Stripe-paid): one figure for both.
 */
export async function accruingHoursLine(ctx: ServiceContext, companyId: string) {
  const hours = await companyHours(ctx.db, companyId, ctx.now);
  if (!hours || !hours.period.subscribed) return null;
  const { firstDay, lastDay } = hours.period;
  const figures = tally(hours, await periodEntries(ctx.db, companyId, firstDay, lastDay));
  const amountMinor = overageAmount(figures.overageMinutes, hours.terms.overageRateMinor);
  if (amountMinor <= 0) return null;
  return {
    description: extraHoursLine(figures.overageMinutes, hours.terms.overageRateMinor, hours.currency),
    amountMinor,
    /** Time beyond the budget still awaiting the owner's approval: not in the amount. */
    awaitingMinutes: figures.awaitingMinutes,
  };
}

/**
 * An upgrade applied mid-period (in the change's transaction): the included hours before it, so
 * that the period's budget is prorated by the days on each plan (ADR 0033).
 */
export async function notePlanChange(
  ctx: Pick<ServiceContext, "db">,
  input: { companyId: string; at: Date; includedMinutesBefore: number },
) {
  await ctx.db.insert(hoursPlanChange).values(input);
}
