import { count } from "../../../lib/format";
import type { TUsage } from "../../../../shared/billing";

export const METRIC_LABELS: Record<TUsage["metric"], string> = {
  runs: "Runs this period",
  automations: "Automations",
  requests: "Automation requests this month",
};

/** Each usage against its plan limit: the figures, and a meter when the plan sets a limit. */
export function UsageMeters({ usage }: { usage: TUsage[] }) {
  return (
    <>
      {usage.map((item) => {
        const pct = item.percent ?? 0;
        const warn = pct >= 80;
        return (
          <div key={item.metric} className="flex flex-col gap-1">
            <div className="flex justify-between text-sm">
              <span className="font-medium">{METRIC_LABELS[item.metric]}</span>
              <span className="tabular-nums">
                {count(item.used)}
                {item.limit !== null ? ` of ${count(item.limit)} (${pct} %)` : ""}
              </span>
            </div>
            {item.limit !== null ? (
              <div
                role="meter"
                aria-label={METRIC_LABELS[item.metric]}
                aria-valuemin={0}
                aria-valuemax={item.limit}
                aria-valuenow={item.used}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={pct >= 100 ? "h-full bg-destructive" : warn ? "h-full bg-warning" : "h-full bg-primary"}
                  style={{ width: `${Math.min(100, pct)}%` }}
                />
              </div>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
