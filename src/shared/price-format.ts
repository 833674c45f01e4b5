import { formatMinutes } from "./hours-labels";
import type { PlanView } from "./pricing";

export type BillingPeriod = "monthly" | "yearly";

/** "€490" from 49000 EUR cents; whole amounts without decimals. */
export function formatMoney(minor: number, currency: string, locale = "en-IE"): string {
  const major = minor / 100;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(major) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(major);
}

/** What a yearly plan saves against twelve monthly payments, in whole months (rounded down). */
export function monthsFreeYearly(plan: Pick<PlanView, "monthlyPriceMinor" | "yearlyPriceMinor">): number {
  if (plan.monthlyPriceMinor <= 0) return 0;
  return Math.floor((plan.monthlyPriceMinor * 12 - plan.yearlyPriceMinor) / plan.monthlyPriceMinor);
}

/** "5 hours", "1 hour", "7h 30m": included time as the pricing page words it. */
export function formatHours(minutes: number): string {
  if (minutes % 60 !== 0) return formatMinutes(minutes);
  return `${minutes / 60} ${minutes === 60 ? "hour" : "hours"}`;
}

type PlanHours = Pick<
  PlanView,
  "includedMinutes" | "overageRateMinor" | "rolloverCapMinutes" | "overageNeedsApproval" | "currency"
>;

/** The plan's retainer hours as the pricing page lists them (ADR 0033); none when the plan has no hours terms. */
export function planHoursLines(plan: PlanHours): string[] {
  if (plan.includedMinutes === 0 && plan.overageRateMinor === 0) return [];
  const lines = [`${formatHours(plan.includedMinutes)} of changes, fixes and support a month`];
  if (plan.rolloverCapMinutes > 0) lines.push(`Unused hours roll over, up to ${formatHours(plan.rolloverCapMinutes)}`);
  if (plan.overageRateMinor > 0)
    lines.push(
      `Extra hours at ${formatMoney(plan.overageRateMinor, plan.currency)} an hour${plan.overageNeedsApproval ? ", only once you approve them" : ""}`,
    );
  return lines;
}
