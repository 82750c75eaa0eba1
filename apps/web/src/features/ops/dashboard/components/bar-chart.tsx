export interface ChartSeries {
  name: string;
  /** A Tailwind fill class: fill-brand, fill-accent... */
  fill: string;
}

interface BarChartProps {
  /** What the chart shows, for screen readers. */
  label: string;
  /** One group per x-axis label (a day), one value per series. */
  groups: { label: string; values: number[] }[];
  series: ChartSeries[];
  format: (value: number) => string;
  height?: number;
}

const WIDTH = 320;
const AXIS = 18;

/**
 * A small bar chart drawn as inline SVG by the app itself, no chart library: the console stays light.
 * Bars are scaled to the largest value; each bar says its value on hover (a <title>).
 */
export function BarChart({ label, groups, series, format, height = 96 }: BarChartProps) {
  const max = Math.max(1, ...groups.flatMap((group) => group.values));
  const groupWidth = WIDTH / Math.max(1, groups.length);
  const barWidth = Math.max(2, (groupWidth - 6) / series.length);
  const plot = height - AXIS;
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${height}`}
        preserveAspectRatio="none"
        className="h-24 w-full overflow-visible"
      >
        <line x1="0" x2={WIDTH} y1={plot} y2={plot} className="stroke-line" strokeWidth="1" />
        {groups.map((group, g) => (
          <g key={group.label}>
            {group.values.map((value, s) => {
              const barHeight = value > 0 ? Math.max(2, (value / max) * (plot - 4)) : 0;
              return (
                <rect
                  key={series[s]?.name ?? s}
                  x={g * groupWidth + 3 + s * barWidth}
                  y={plot - barHeight}
                  width={barWidth - 1}
                  height={barHeight}
                  rx="1.5"
                  className={series[s]?.fill}
                >
                  <title>{`${group.label} · ${series[s]?.name}: ${format(value)}`}</title>
                </rect>
              );
            })}
            <text
              x={g * groupWidth + groupWidth / 2}
              y={height - 4}
              textAnchor="middle"
              className="fill-muted text-[10px]"
            >
              {group.label}
            </text>
          </g>
        ))}
      </svg>
      {series.length > 1 ? (
        <figcaption className="flex gap-4 text-xs text-muted">
          {series.map((item) => (
            <span key={item.name} className="flex items-center gap-1.5">
              <svg viewBox="0 0 10 10" className="size-2.5" aria-hidden="true">
                <rect width="10" height="10" rx="2" className={item.fill} />
              </svg>
              {item.name}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  );
}
