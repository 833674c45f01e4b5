import { formatInvoiceMoney } from "../../../../shared/billing-labels";
import { formatMinutes } from "../../../../shared/hours-labels";
import { Sparkline } from "../../../components/ui/sparkline";
import { formatDate } from "../../../lib/format";
import type { THoursSummary } from "../../../../shared/hours";

/** Included, rolled over, used and left, then what is beyond the budget. */
export function HoursFigures({ hours }: { hours: THoursSummary }) {
  const figures: Array<[string, string]> = [
    ["Included", formatMinutes(hours.includedMinutes)],
    ["Rolled over", formatMinutes(hours.rolledOverMinutes)],
    ["Used", formatMinutes(hours.usedMinutes)],
    ["Left", formatMinutes(hours.leftMinutes)],
  ];
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {hours.overageMinutes > 0 ? (
        <p className="text-sm">
          Extra hours so far: {formatMinutes(hours.overageMinutes)},{" "}
          {formatInvoiceMoney(hours.overageMinor, hours.currency)} on the invoice at the end of the period.
        </p>
      ) : null}
      {hours.declinedMinutes > 0 ? (
        <p className="text-sm text-muted-foreground">
          {formatMinutes(hours.declinedMinutes)} of extra work was declined and is not billed.
        </p>
      ) : null}
    </div>
  );
}

/** The hours left at the end of each day of the period so far, as a line (the shared Sparkline). */
export function BurnDown({ hours }: { hours: THoursSummary }) {
  const days = hours.burnDown;
  if (days.length === 0) return null;
  const last = days.at(-1)!;
  const budget = hours.includedMinutes + hours.rolledOverMinutes;
  const label = `Hours left by day, from ${formatMinutes(budget)} on ${formatDate(days[0]!.day)} to ${formatMinutes(Math.max(0, last.leftMinutes))} on ${formatDate(last.day)}.`;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium">Hours left, day by day</figcaption>
      <Sparkline
        // The line starts from the whole budget, before the first day's work, so one day still draws a line.
        values={[budget, ...days.map((day) => Math.max(0, day.leftMinutes))]}
        label={label}
        width={600}
        height={120}
        className="h-auto w-full max-w-full"
      />
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{formatDate(days[0]!.day)}</span>
        <span>{formatDate(last.day)}</span>
      </div>
    </figure>
  );
}
