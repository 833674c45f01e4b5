import { Check } from "lucide-react";
import { formatMoney, planHoursLines } from "../../../../shared/price-format";
import { SHOWN_WHEN_MONTHLY, SHOWN_WHEN_YEARLY } from "./billing-period-switch";
import type { PlanView } from "../../../../shared/pricing";
import type { ReactNode } from "react";

const number = new Intl.NumberFormat("en-IE");

function Price({ amount, per, note }: { amount: string; per: string; note: string }) {
  return (
    <>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight">{amount}</span>
        <span className="text-sm text-muted-foreground">{per}</span>
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{note}</p>
    </>
  );
}

/**
 * One card per plan with both prices, the one of the period chosen in the BillingPeriodSwitch
 * shown (in CSS); `action` renders each plan's call to action.
 */
export function PlanCards({ plans, action }: { plans: PlanView[]; action: (plan: PlanView) => ReactNode }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {plans.map((plan) => {
        // No plan is singled out ("most chosen" and the like): nothing measures such a claim.
        return (
          <li
            key={plan.slug}
            className="relative flex flex-col rounded-xl border bg-card p-6 shadow-sm sm:p-8"
            aria-labelledby={`plan-${plan.slug}`}
          >
            <h3 id={`plan-${plan.slug}`} className="text-xl font-semibold">
              {plan.name}
            </h3>
            <p className="mt-2 min-h-12 text-sm text-muted-foreground">{plan.summary}</p>
            <div className={SHOWN_WHEN_MONTHLY}>
              <Price
                amount={formatMoney(plan.monthlyPriceMinor, plan.currency)}
                per="per month"
                note={`or ${formatMoney(plan.yearlyPriceMinor, plan.currency)} paid yearly, excluding VAT`}
              />
            </div>
            <div className={SHOWN_WHEN_YEARLY}>
              <Price
                amount={formatMoney(plan.yearlyPriceMinor, plan.currency)}
                per="per year"
                note={`${formatMoney(Math.round(plan.yearlyPriceMinor / 12), plan.currency)} a month, billed once a year, excluding VAT`}
              />
            </div>
            <dl className="mt-6 grid grid-cols-2 gap-4 border-y py-4 text-sm">
              <div>
                <dt className="text-muted-foreground">Automations</dt>
                <dd className="text-lg font-semibold">{plan.includedAutomations}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Runs a month</dt>
                <dd className="text-lg font-semibold">{number.format(plan.monthlyRunAllowance)}</dd>
              </div>
            </dl>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {[...plan.features, ...planHoursLines(plan)].map((feature) => (
                <li key={feature} className="flex gap-3">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  <span>{feature}</span>
                </li>
              ))}
              <li className="flex gap-3">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>Support: {plan.supportLevel.charAt(0).toLowerCase() + plan.supportLevel.slice(1)}</span>
              </li>
            </ul>
            <div className="mt-8">{action(plan)}</div>
          </li>
        );
      })}
    </ul>
  );
}
