import type { BillingPeriod } from "../../../../shared/price-format";

const OPTIONS: { value: BillingPeriod; label: string }[] = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly" },
];

/**
 * The switch works in CSS alone, before and without any script: put BILLING_PERIOD_SCOPE on an
 * element holding both the switch and the prices, and mark each price with SHOWN_WHEN_MONTHLY or
 * SHOWN_WHEN_YEARLY.
 */
export const BILLING_PERIOD_SCOPE = "group/billing";
export const SHOWN_WHEN_MONTHLY = "group-has-[#billing-period-yearly:checked]/billing:hidden";
export const SHOWN_WHEN_YEARLY = "hidden group-has-[#billing-period-yearly:checked]/billing:block";

/** Monthly or yearly prices: a two-option radio group drawn as a segmented control, monthly first. */
export function BillingPeriodSwitch({ yearlyNote }: { yearlyNote?: string }) {
  return (
    <fieldset className="flex flex-wrap items-center justify-center gap-3">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-lg bg-muted p-1">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className="relative cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              id={`billing-period-${option.value}`}
              name="billing-period"
              value={option.value}
              defaultChecked={option.value === "monthly"}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      {yearlyNote ? <span className="text-sm font-medium text-success">{yearlyNote}</span> : null}
    </fieldset>
  );
}
