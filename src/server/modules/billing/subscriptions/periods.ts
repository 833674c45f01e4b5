import { DAY_MS } from "../../../../shared/days";
import type { BillingInterval } from "../../../../shared/billing-labels";

/**
 * The end of a period starting at `start`: one calendar month or year on, in UTC, on the anchor
 * day (the day of the month the subscription's first paid period started), clamped to the month's
 * last day. The anchor, not the previous clamped end, gives the day: 31 January → 28 (or 29)
 * February → 31 March → 30 April.
 */
export function addInterval(start: Date, interval: BillingInterval, anchorDay = start.getUTCDate()): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + (interval === "yearly" ? 12 : 1);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(year, month, Math.min(anchorDay, lastDay));
  return end;
}

export const priceOf = (plan: { monthlyPriceMinor: number; yearlyPriceMinor: number }, interval: BillingInterval) =>
  interval === "yearly" ? plan.yearlyPriceMinor : plan.monthlyPriceMinor;

/**
 * What an upgrade at `at` costs for the rest of the period: the difference of the two prices
 * times the share of the period left, in whole days (a day begun counts), rounded to the minor unit.
 */
export function prorationMinor(input: {
  oldPriceMinor: number;
  newPriceMinor: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): number {
  const totalDays = Math.max(1, Math.round((input.periodEnd.getTime() - input.periodStart.getTime()) / DAY_MS));
  const leftDays = Math.min(
    totalDays,
    Math.max(0, Math.ceil((input.periodEnd.getTime() - input.at.getTime()) / DAY_MS)),
  );
  return Math.round(((input.newPriceMinor - input.oldPriceMinor) * leftDays) / totalDays);
}

/** Tax on a subtotal at a rate in basis points, rounded half away from zero. */
export const taxOf = (subtotalMinor: number, rateBp: number) =>
  Math.sign(subtotalMinor) * Math.round((Math.abs(subtotalMinor) * rateBp) / 10_000);

/** The monthly value of a price: a yearly price counts as one twelfth. */
export const monthlyValue = (priceMinor: number, interval: BillingInterval) =>
  interval === "yearly" ? Math.round(priceMinor / 12) : priceMinor;
