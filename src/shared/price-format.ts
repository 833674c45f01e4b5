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
