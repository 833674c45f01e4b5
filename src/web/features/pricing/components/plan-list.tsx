import { formatMoney } from "../../../../shared/price-format";
import { Alert } from "../../../components/ui/alert";
import { usePlans } from "../api/pricing-query";
import type { ReactNode } from "react";

const number = new Intl.NumberFormat("en-IE");

/** The plans on sale, compactly: price, automations and runs included; `action` adds a control to each. */
export function PlanList({ action }: { action?: (plan: { slug: string; name: string }) => ReactNode } = {}) {
  const plans = usePlans();
  if (plans.isError) return <Alert tone="error">{plans.error.message}</Alert>;
  if (!plans.data) return <p className="text-muted-foreground">Loading...</p>;
  return (
    <ul aria-label="Plans" className="grid gap-4 md:grid-cols-3">
      {plans.data.map((plan) => (
        <li key={plan.slug} className="flex flex-col gap-1 rounded-xl border bg-card p-4">
          <h3 className="font-semibold">{plan.name}</h3>
          <p className="text-sm text-muted-foreground">{plan.summary}</p>
          <p className="mt-2 text-2xl font-semibold">
            {formatMoney(plan.monthlyPriceMinor, plan.currency)}
            <span className="text-sm font-normal text-muted-foreground"> a month</span>
          </p>
          <p className="text-sm">
            {number.format(plan.includedAutomations)} automations · {number.format(plan.monthlyRunAllowance)} runs a
            month · {plan.supportLevel}
          </p>
          {action ? <div className="mt-auto pt-3">{action(plan)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
