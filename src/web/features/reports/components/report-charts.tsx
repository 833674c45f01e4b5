import { formatHours, shortDay } from "../../../../shared/reports-labels";
import type { TMonthlyReport } from "../../../../shared/reports";

const SERIES = [
  { key: "success", label: "Succeeded", className: "fill-success" },
  { key: "failed", label: "Failed", className: "fill-destructive" },
  { key: "skipped", label: "Skipped", className: "fill-muted-foreground" },
  { key: "running", label: "Running", className: "fill-primary" },
] as const;

const W = 600;
const H = 150;
const AXIS = 28;

/** Runs per day of the month by outcome, as stacked bars; the figure's label says the totals. */
export function RunsPerDayChart({ days }: { days: TMonthlyReport["days"] }) {
  const totals = days.map((d) => d.success + d.failed + d.skipped + d.running);
  const max = Math.max(1, ...totals);
  const slot = (W - AXIS) / Math.max(1, days.length);
  const sum = (key: (typeof SERIES)[number]["key"]) => days.reduce((n, d) => n + d[key], 0);
  const label = `Runs per day: ${sum("success")} succeeded, ${sum("failed")} failed, ${sum("skipped")} skipped, ${sum("running")} running; the busiest day had ${Math.max(0, ...totals)} runs.`;
  return (
    <figure className="flex break-inside-avoid flex-col gap-2">
      <figcaption className="text-sm font-medium">Runs per day, by outcome</figcaption>
      <svg viewBox={`0 -8 ${W} ${H + 26}`} role="img" aria-label={label} className="h-auto w-full">
        {[0, 1].map((f) => (
          <g key={f}>
            <line x1={AXIS} x2={W} y1={H - f * H + 0.5} y2={H - f * H + 0.5} className="stroke-border" />
            <text x={AXIS - 6} y={H - f * H + 4} textAnchor="end" className="fill-muted-foreground text-[13px]">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          let base = H;
          return (
            <g key={d.day}>
              {SERIES.map((s) => {
                const h = (d[s.key] / max) * H;
                if (h <= 0) return null;
                base -= h;
                return (
                  <rect
                    key={s.key}
                    x={AXIS + i * slot + slot * 0.15}
                    y={base}
                    width={slot * 0.7}
                    height={h}
                    className={s.className}
                  />
                );
              })}
            </g>
          );
        })}
        <text x={AXIS} y={H + 18} className="fill-muted-foreground text-[13px]">
          {days[0] ? shortDay(days[0].day) : null}
        </text>
        <text x={W} y={H + 18} textAnchor="end" className="fill-muted-foreground text-[13px]">
          {days.at(-1) ? shortDay(days.at(-1)!.day) : null}
        </text>
      </svg>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <svg width="10" height="10" aria-hidden>
              <rect width="10" height="10" rx="2" className={s.className} />
            </svg>
            {s.label} ({sum(s.key).toLocaleString("en")})
          </span>
        ))}
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
              <text
                x={i * slot + slot / 2}
                y={H + 30}
                textAnchor="middle"
                className="fill-muted-foreground text-[13px]"
              >
                {span(w)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
