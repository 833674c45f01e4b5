import { RUN_STATUS_LABELS } from "../../../shared/automations-labels";
import { count } from "../../lib/format";

/**
 * The parts of the hand-drawn SVG charts of runs per day by outcome (the dashboard's last 30 days,
 * the monthly report's month): one stacking order and colour per outcome, the value axis, the
 * first and last day under the bars, and the colour key with each outcome's total.
 */
export const RUN_OUTCOMES = [
  { key: "success", label: RUN_STATUS_LABELS.success, className: "fill-success" },
  { key: "failed", label: RUN_STATUS_LABELS.failed, className: "fill-destructive" },
  { key: "skipped", label: RUN_STATUS_LABELS.skipped, className: "fill-muted-foreground" },
  { key: "running", label: RUN_STATUS_LABELS.running, className: "fill-primary" },
] as const;

export type RunOutcome = (typeof RUN_OUTCOMES)[number]["key"];
export type OutcomeCounts = Record<RunOutcome, number>;

/** All runs of one day, whatever their outcome. */
export const runsOf = (d: OutcomeCounts) => d.success + d.failed + d.skipped + d.running;

/** One outcome's runs over all the days. */
export const outcomeSum = (days: OutcomeCounts[], key: RunOutcome) => days.reduce((n, d) => n + d[key], 0);

/** A day's outcomes stacked from the axis (at `plotHeight`) up, none drawn for a zero, and where the stack ends. */
export function stackOutcomes(d: OutcomeCounts, max: number, plotHeight: number) {
  let y = plotHeight;
  const rects: { key: RunOutcome; y: number; h: number; className: string }[] = [];
  for (const s of RUN_OUTCOMES) {
    const h = (d[s.key] / max) * plotHeight;
    if (h <= 0) continue;
    y -= h;
    rects.push({ key: s.key, y, h, className: s.className });
  }
  return { rects, top: y };
}

/**
 * The value axis: a grid line at each fraction of `max` (0 is the baseline), labelled on the left
 * of the plot, which runs from `left` to `right` and is `plotHeight` tall.
 */
export function ValueAxis({
  max,
  plotHeight,
  left,
  right,
  fractions,
  textClassName,
}: {
  max: number;
  plotHeight: number;
  left: number;
  right: number;
  fractions: readonly number[];
  textClassName: string;
}) {
  return fractions.map((f) => {
    const y = plotHeight - f * plotHeight;
    return (
      <g key={f}>
        <line x1={left} x2={right} y1={y + 0.5} y2={y + 0.5} className="stroke-border" strokeWidth={1} />
        <text x={left - 6} y={y + 4} textAnchor="end" className={`fill-muted-foreground ${textClassName}`}>
          {Math.round(max * f)}
        </text>
      </g>
    );
  });
}

/** The first and the last day's labels under the bars, at each end of the plot. */
export function DayRangeLabels({
  left,
  right,
  y,
  first,
  last,
  textClassName,
}: {
  left: number;
  right: number;
  y: number;
  first: string | null;
  last: string | null;
  textClassName: string;
}) {
  const className = `fill-muted-foreground ${textClassName}`;
  return (
    <>
      <text x={left} y={y} className={className}>
        {first}
      </text>
      <text x={right} y={y} textAnchor="end" className={className}>
        {last}
      </text>
    </>
  );
}

/** The colour key: each outcome with its total over the days (the caller's element wraps it). */
export function OutcomeLegend({ days }: { days: OutcomeCounts[] }) {
  return RUN_OUTCOMES.map((s) => (
    <span key={s.key} className="inline-flex items-center gap-1.5">
      <svg width="10" height="10" aria-hidden>
        <rect width="10" height="10" rx="2" className={s.className} />
      </svg>
      {s.label} ({count(outcomeSum(days, s.key))})
    </span>
  ));
}
