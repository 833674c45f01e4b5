import type { BillingPeriod } from "../../../../shared/plans";
import { cn } from "../../../lib/cn";

const OPTIONS: { value: BillingPeriod; label: string }[] = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly" },
];

/** Monthly or yearly prices: a two-option radio group drawn as a segmented control. */
export function BillingPeriodSwitch({ value, onChange, yearlyNote }: { value: BillingPeriod; onChange: (value: BillingPeriod) => void; yearlyNote?: string }) {
  return (
    <fieldset className="flex flex-wrap items-center justify-center gap-3">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-lg bg-muted p-1">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              "relative cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
              value === option.value ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            <input type="radio" name="billing-period" value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
      {yearlyNote ? <span className="text-sm font-medium text-success">{yearlyNote}</span> : null}
    </fieldset>
  );
}
