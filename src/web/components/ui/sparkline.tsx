/**
 * A tiny inline line chart; `label` describes the numbers for screen readers. With `partialLast`
 * the last value is a period still under way (today): the line reaches it dashed, to an open dot.
 */
export function Sparkline({
  values,
  label,
  width = 96,
  height = 28,
  partialLast = false,
  className = "",
}: {
  values: number[];
  label: string;
  width?: number;
  height?: number;
  partialLast?: boolean;
  /** Extra classes, e.g. "h-auto w-full" to let a larger chart follow its container's width. */
  className?: string;
}) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const coords = values.map(
    (value, i) => `${(i * step).toFixed(1)},${(height - 2 - (value / max) * (height - 4)).toFixed(1)}`,
  );
  const split = partialLast && values.length > 2;
  const points = (split ? coords.slice(0, -1) : coords).join(" ");
  const [lastX, lastY] = (coords.at(-1) ?? "0,0").split(",").map(Number);
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className={`overflow-visible text-primary ${className}`}
    >
      <polyline
        points={`0,${height} ${points} ${split ? `${coords.at(-2)!.split(",")[0]}` : width},${height}`}
        fill="currentColor"
        opacity={0.12}
        stroke="none"
      />
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      {split ? (
        <g data-partial>
          <polyline
            points={coords.slice(-2).join(" ")}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeDasharray="2 2"
          />
          <circle cx={lastX} cy={lastY} r={2.25} className="fill-card" stroke="currentColor" strokeWidth={1.25} />
        </g>
      ) : null}
    </svg>
  );
}
