import { formatMinutes } from "../../../../shared/hours-labels";
import { useHours } from "../api/get-hours";

/** The dashboard's plan usage, hours part: used against included + rolled over, and what is left or beyond. */
export function HoursUsageLine() {
  const query = useHours();
  if (!query.data) return null;
  const { hours } = query.data;
  const budget = hours.includedMinutes + hours.rolledOverMinutes;
  if (budget === 0 && hours.usedMinutes === 0) return null;
  const beyond = Math.max(0, hours.usedMinutes - budget);
  const pct = budget > 0 ? Math.round((hours.usedMinutes / budget) * 100) : 100;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm">
        <span className="font-medium">Hours this month</span>
        <span className="tabular-nums">
          {formatMinutes(hours.usedMinutes)} of {formatMinutes(budget)}
        </span>
      </div>
      <div
        role="meter"
        aria-label="Hours this month"
        aria-valuemin={0}
        aria-valuemax={budget}
        aria-valuenow={hours.usedMinutes}
        aria-valuetext={`${formatMinutes(hours.usedMinutes)} of ${formatMinutes(budget)}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={pct >= 100 ? "h-full bg-destructive" : pct >= 80 ? "h-full bg-warning" : "h-full bg-primary"}
          style={{ width: `${Math.min(100, pct)}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {beyond > 0
          ? `${formatMinutes(beyond)} beyond the included hours.`
          : `${formatMinutes(hours.leftMinutes)} left.`}
      </p>
    </div>
  );
}
