import {
  DayRangeLabels,
  OutcomeLegend,
  outcomeSum,
  RUN_OUTCOMES,
  runsOf,
  stackOutcomes,
  ValueAxis,
  type RunOutcome,
} from "../../../components/ui/run-outcome-chart";
import { formatDate } from "../../../lib/format";
import type { DashboardDay } from "../../../../shared/dashboard";

const W = 600;
const H = 180;
const AXIS = 28;
const TOP = 10;
const TEXT = "text-[11px]";

/**
 * Runs per day by outcome as stacked bars, hand-drawn in SVG; the numbers are in a table below it.
 * The last day is today, still under way: its bar is drawn faint with a dashed outline and
 * labelled "today so far", so that a short bar never reads as a collapse.
 */
export function RunsChart({ days }: { days: DashboardDay[] }) {
  const totals = days.map(runsOf);
  const max = Math.max(1, ...totals);
  const slot = (W - AXIS) / days.length;
  const bar = Math.max(2, slot * 0.7);
  const sum = (key: RunOutcome) => outcomeSum(days, key);
  const today = days.length - 1;
  const summary = `Runs per day over the last 30 days: ${totals.reduce((a, b) => a + b, 0)} in total, ${sum("success")} succeeded, ${sum("failed")} failed, ${sum("skipped")} skipped. The busiest full day had ${Math.max(0, ...totals.slice(0, today))} runs; today so far, ${totals[today] ?? 0}.`;
  return (
    <figure className="flex flex-col gap-3">
      <svg viewBox={`0 ${-TOP} ${W} ${H + 20 + TOP}`} role="img" aria-label={summary} className="h-auto w-full">
        <ValueAxis max={max} plotHeight={H} left={AXIS} right={W} fractions={[0, 0.5, 1]} textClassName={TEXT} />
        {days.map((d, i) => (
          <DayBar
            key={d.day}
            day={d}
            x={AXIS + i * slot + (slot - bar) / 2}
            width={bar}
            max={max}
            partial={i === today}
          />
        ))}
        <DayRangeLabels
          left={AXIS}
          right={W}
          y={H + 16}
          first={days[0] ? formatDate(days[0].day) : null}
          last="today so far"
          textClassName={TEXT}
        />
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <OutcomeLegend days={days} />
      </figcaption>
      <RunsTable days={days} />
    </figure>
  );
}

/** One day's stacked bar; today's, still under way, faint with a dashed outline. */
function DayBar({
  day: d,
  x,
  width: bar,
  max,
  partial,
}: {
  day: DashboardDay;
  x: number;
  width: number;
  max: number;
  partial: boolean;
}) {
  const { rects, top: y } = stackOutcomes(d, max, H);
  return (
    <g opacity={partial ? 0.45 : undefined} data-partial={partial || undefined}>
      {rects.map((r) => (
        <rect key={r.key} x={x} y={r.y} width={bar} height={r.h} className={r.className} />
      ))}
      {partial ? (
        <rect
          x={x - 1}
          y={Math.min(y, H - 6) - 1}
          width={bar + 2}
          height={H - Math.min(y, H - 6) + 1}
          fill="none"
          strokeDasharray="3 2"
          className="stroke-foreground"
        />
      ) : null}
    </g>
  );
}

/** The chart's numbers, day by day, for those who read a table rather than bars. */
function RunsTable({ days }: { days: DashboardDay[] }) {
  const today = days.length - 1;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-primary">Show the numbers as a table</summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="w-full text-left text-xs tabular-nums">
          <caption className="sr-only">Runs per day by outcome, last 30 days</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-1 pr-3">
                Day (UTC)
              </th>
              {RUN_OUTCOMES.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-3">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-b last:border-0">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {formatDate(d.day)}
                  {d === days[today] ? " (today, so far)" : ""}
                </th>
                {RUN_OUTCOMES.map((s) => (
                  <td key={s.key} className="py-1 pr-3">
                    {d[s.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
