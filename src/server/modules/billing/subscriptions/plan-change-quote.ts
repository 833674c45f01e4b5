import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { priceOf, prorationMinor } from "./periods";
import type { TPlanChangeQuote } from "../../../../shared/billing";
import type { subscription } from "../../../db/schema/billing";
import type { pricingPlan } from "../../../db/schema/pricing";

type Plan = typeof pricingPlan.$inferSelect;
type Subscription = typeof subscription.$inferSelect;

/** "26 Dec 2026": periods are UTC (ADR 0016), so is the day named. */
const longDay = (date: Date) =>
  date.toLocaleDateString("en-IE", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * What moving `sub` from `current` to `chosen` at `now` costs, and the sentence the person confirms.
 * The same function prices the quote and the change, so what was confirmed is what is charged.
 */
export function quotePlanChange(input: {
  sub: Subscription;
  current: Plan;
  chosen: Plan;
  currency: string;
  scheduled: Plan | null;
  now: Date;
}): TPlanChangeQuote {
  const { sub, current, chosen, currency, now } = input;
  const oldPrice = priceOf(current, sub.interval);
  const newPrice = priceOf(chosen, sub.interval);
  const change = chosen.id === sub.planId ? "unchanged" : newPrice > oldPrice ? "upgrade" : "downgrade";
  // A trial is not billed: an upgrade during it charges nothing until the first paid period.
  const proration =
    change === "upgrade" && sub.status !== "trialing"
      ? prorationMinor({
          oldPriceMinor: oldPrice,
          newPriceMinor: newPrice,
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          at: now,
        })
      : 0;
  const effectiveAt = change === "downgrade" ? sub.currentPeriodEnd : now;
  const per = sub.interval === "yearly" ? "a year" : "a month";
  const money = (minor: number) => formatInvoiceMoney(minor, currency);
  const difference = newPrice - oldPrice;
  const confirmation =
    change === "upgrade"
      ? `Upgrade to ${chosen.name}: ${money(difference)} more ${per}; ` +
        (sub.status === "trialing"
          ? `nothing now, the trial goes on until ${longDay(sub.currentPeriodEnd)}`
          : `${money(proration)} now for the rest of this period`)
      : change === "downgrade"
        ? `Downgrade to ${chosen.name}: ${money(-difference)} less ${per} from ${longDay(sub.currentPeriodEnd)}; nothing changes this period`
        : input.scheduled
          ? `Stay on ${chosen.name}: the move to ${input.scheduled.name} on ${longDay(sub.currentPeriodEnd)} is called off`
          : `Stay on ${chosen.name}: nothing changes`;
  return {
    change,
    from: { slug: current.slug, name: current.name },
    to: { slug: chosen.slug, name: chosen.name },
    interval: sub.interval,
    currency,
    priceDifferenceMinor: difference,
    prorationMinor: proration,
    effectiveAt: effectiveAt.toISOString(),
    confirmation,
  };
}
