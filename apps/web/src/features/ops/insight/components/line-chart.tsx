export interface LineSeries {
  name: string;
  values: number[];
  /** A Tailwind stroke class: stroke-brand, stroke-accent... */
  stroke: string;
}

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { top: 8, right: 8, bottom: 22, left: 36 };

/**
 * Lines over days, drawn as inline SVG (no chart library). The picture is for the eye; its text
 * alternative is the table the screen shows beside it, which `label` names.
 */
export function LineChart({
  label,
  days,
  series,
  format,
  dayLabel,
}: {
  label: string;
  days: string[];
  series: LineSeries[];
  format: (value: number) => string;
  dayLabel: (day: string) => string;
}) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length <= 1 ? plotW / 2 : (i / (days.length - 1)) * plotW);
  const y = (value: number) => PAD.top + plotH - (value / max) * plotH;
  const ticks = days.length <= 1 ? [0] : [0, Math.floor((days.length - 1) / 2), days.length - 1];
  return (
    <figure className="flex flex-col gap-2">
      <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-48 w-full">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="stroke-line" />
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={y(max)}
          y2={y(max)}
          className="stroke-line"
          strokeDasharray="4 4"
        />
        <text x={PAD.left - 4} y={y(max) + 4} textAnchor="end" className="fill-muted text-[11px]">
          {format(max)}
        </text>
        <text x={PAD.left - 4} y={y(0) + 4} textAnchor="end" className="fill-muted text-[11px]">
          0
        </text>
        {ticks.map((i) => (
          <text key={i} x={x(i)} y={HEIGHT - 6} textAnchor="middle" className="fill-muted text-[11px]">
            {days[i] ? dayLabel(days[i]) : ''}
          </text>
        ))}
        {series.map((s) => (
          <polyline
            key={s.name}
            fill="none"
            strokeWidth="2"
            strokeLinejoin="round"
            className={s.stroke}
            points={s.values.map((value, i) => `${x(i)},${y(value)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted">
        {series.map((s) => (
          <span key={s.name} className="flex items-center gap-1.5">
            <svg viewBox="0 0 12 4" className="h-1 w-3" aria-hidden="true">
              <line x1="0" x2="12" y1="2" y2="2" strokeWidth="4" className={s.stroke} />
            </svg>
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
