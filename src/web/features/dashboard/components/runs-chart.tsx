import { RUN_STATUS_LABELS } from "../../../../shared/automations-labels";
import { formatDate } from "../../../lib/format";
import type { DashboardDay } from "../../../../shared/dashboard";

const SERIES = [
  { key: "success", label: RUN_STATUS_LABELS.success, className: "fill-success" },
  { key: "failed", label: RUN_STATUS_LABELS.failed, className: "fill-destructive" },
  { key: "skipped", label: RUN_STATUS_LABELS.skipped, className: "fill-muted-foreground" },
  { key: "running", label: RUN_STATUS_LABELS.running, className: "fill-primary" },
] as const;

const W = 600;
const H = 180;
const AXIS = 28;
const TOP = 10;

/**
 * Runs per day by outcome as stacked bars, hand-drawn in SVG; the numbers are in a table below it.
 * The last day is today, still under way: its bar is drawn faint with a dashed outline and
 * labelled "today so far", so that a short bar never reads as a collapse.
 */
export function RunsChart({ days }: { days: DashboardDay[] }) {
  const totals = days.map((d) => d.success + d.failed + d.skipped + d.running);
  const max = Math.max(1, ...totals);
  const slot = (W - AXIS) / days.length;
  const bar = Math.max(2, slot * 0.7);
  const sum = (key: (typeof SERIES)[number]["key"]) => days.reduce((n, d) => n + d[key], 0);
  const today = days.length - 1;
  const summary = `Runs per day over the last 30 days: ${totals.reduce((a, b) => a + b, 0)} in total, ${sum("success")} succeeded, ${sum("failed")} failed, ${sum("skipped")} skipped. The busiest full day had ${Math.max(0, ...totals.slice(0, today))} runs; today so far, ${totals[today] ?? 0}.`;
  return (
    <figure className="flex flex-col gap-3">
      <svg viewBox={`0 ${-TOP} ${W} ${H + 20 + TOP}`} role="img" aria-label={summary} className="h-auto w-full">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={AXIS}
              x2={W}
              y1={H - f * H + 0.5}
              y2={H - f * H + 0.5}
              className="stroke-border"
              strokeWidth={1}
            />
            <text x={AXIS - 6} y={H - f * H + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
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
        <text x={AXIS} y={H + 16} className="fill-muted-foreground text-[11px]">
          {days[0] ? formatDate(days[0].day) : null}
        </text>
        <text x={W} y={H + 16} textAnchor="end" className="fill-muted-foreground text-[11px]">
          today so far
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <svg width="10" height="10" aria-hidden>
              <rect width="10" height="10" rx="2" className={s.className} />
            </svg>
            {s.label} ({sum(s.key).toLocaleString("en")})
          </span>
        ))}
      </figcaption>
      <RunsTable days={days} />
    </figure>
  );
}

/** A day's outcomes stacked from the axis up (none drawn for a zero), and where the stack ends. */
function stackDay(d: DashboardDay, max: number) {
  let y = H;
  const rects: Array<{ key: string; y: number; h: number; className: string }> = [];
  for (const s of SERIES) {
    const h = (d[s.key] / max) * H;
    if (h <= 0) continue;
    y -= h;
    rects.push({ key: s.key, y, h, className: s.className });
  }
  return { rects, top: y };
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
  const { rects, top: y } = stackDay(d, max);
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
              {SERIES.map((s) => (
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
                {SERIES.map((s) => (
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
