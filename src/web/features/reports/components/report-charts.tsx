import { formatHours, shortDay } from "../../../../shared/reports-labels";
import {
  DayRangeLabels,
  OutcomeLegend,
  outcomeSum,
  runsOf,
  stackOutcomes,
  ValueAxis,
  type RunOutcome,
} from "../../../components/ui/run-outcome-chart";
import type { TMonthlyReport } from "../../../../shared/reports";

const W = 600;
const H = 150;
const AXIS = 28;
const TEXT = "text-[13px]";

/** Runs per day of the month by outcome, as stacked bars; the figure's label says the totals. */
export function RunsPerDayChart({ days }: { days: TMonthlyReport["days"] }) {
  const totals = days.map(runsOf);
  const max = Math.max(1, ...totals);
  const slot = (W - AXIS) / Math.max(1, days.length);
  const sum = (key: RunOutcome) => outcomeSum(days, key);
  const label = `Runs per day: ${sum("success")} succeeded, ${sum("failed")} failed, ${sum("skipped")} skipped, ${sum("running")} running; the busiest day had ${Math.max(0, ...totals)} runs.`;
  return (
    <figure className="flex break-inside-avoid flex-col gap-2">
      <figcaption className="text-sm font-medium">Runs per day, by outcome</figcaption>
      <svg viewBox={`0 -8 ${W} ${H + 26}`} role="img" aria-label={label} className="h-auto w-full">
        <ValueAxis max={max} plotHeight={H} left={AXIS} right={W} fractions={[0, 1]} textClassName={TEXT} />
        {days.map((d, i) => (
          <g key={d.day}>
            {stackOutcomes(d, max, H).rects.map((r) => (
              <rect
                key={r.key}
                x={AXIS + i * slot + slot * 0.15}
                y={r.y}
                width={slot * 0.7}
                height={r.h}
                className={r.className}
              />
            ))}
          </g>
        ))}
        <DayRangeLabels
          left={AXIS}
          right={W}
          y={H + 18}
          first={days[0] ? shortDay(days[0].day) : null}
          last={days.at(-1) ? shortDay(days.at(-1)!.day) : null}
          textClassName={TEXT}
        />
      </svg>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <OutcomeLegend days={days} />
      </div>
    </figure>
  );
}

/** Hours saved in each calendar week of the month, as bars with their values written on them. */
export function HoursPerWeekChart({ weeks }: { weeks: TMonthlyReport["weeks"] }) {
  const max = Math.max(1, ...weeks.map((w) => w.minutesSaved));
  const slot = W / Math.max(1, weeks.length);
  const span = (w: TMonthlyReport["weeks"][number]) =>
    w.from === w.to ? shortDay(w.from) : `${shortDay(w.from)}–${shortDay(w.to)}`;
  const label = `Hours saved per week: ${weeks.map((w) => `${span(w)}: ${formatHours(w.minutesSaved)}`).join("; ")}.`;
  return (
    <figure className="flex break-inside-avoid flex-col gap-2">
      <figcaption className="text-sm font-medium">Hours saved per week</figcaption>
      <svg viewBox={`0 0 ${W} ${H + 36}`} role="img" aria-label={label} className="h-auto w-full">
        <line x1={0} x2={W} y1={H + 14.5} y2={H + 14.5} className="stroke-border" />
        {weeks.map((w, i) => {
          const h = (w.minutesSaved / max) * (H - 6);
          const x = i * slot + slot * 0.2;
          return (
            <g key={w.from}>
              {h > 0 ? (
                <rect x={x} y={H + 14 - h} width={slot * 0.6} height={h} rx={3} className="fill-primary" />
              ) : null}
              <text x={x + slot * 0.3} y={H + 10 - h} textAnchor="middle" className="fill-foreground text-[14px]">
                {formatHours(w.minutesSaved)}
              </text>
              <text x={i * slot + slot / 2} y={H + 30} textAnchor="middle" className={`fill-muted-foreground ${TEXT}`}>
                {span(w)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
