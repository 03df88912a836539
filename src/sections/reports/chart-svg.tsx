// A chart drawn from its table with visx (decision 063): bars for totals by label, grouped bars
// per day or week for series. The first series takes the accent (Radix Themes' blue-9, which the
// theme swaps between light and dark); the others are mid-tones that read on a white and on a
// near-black panel alike, so no colour sheet beyond the first load's is needed. Text takes the
// theme's gray-11 and gray-12.
import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { Chart } from '../../domain/reports';
import { countText } from '../../domain/format';

export const SERIES_COLOURS = [
  'var(--blue-9)',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#b07aa1',
  '#edc948',
  '#76b7b2',
  '#9c755f',
];
const colourOf = (i: number) => SERIES_COLOURS[i % SERIES_COLOURS.length]!;

const WIDTH = 560;

/** Bars, one row per label, for charts of totals. */
function CategoryBars({ chart }: { chart: Chart }) {
  const rowHeight = 22;
  const labelWidth = 170;
  const height = Math.max(rowHeight, chart.rows.length * rowHeight);
  const max = Math.max(1, ...chart.rows.map((r) => r.values[0] ?? 0));
  const x = scaleLinear<number>({ domain: [0, max], range: [0, WIDTH - labelWidth - 60] });
  const y = scaleBand<string>({ domain: chart.rows.map((r) => r.label), range: [0, height], padding: 0.2 });
  return (
    <svg width="100%" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={chart.title}>
      {chart.rows.map((r) => {
        const n = r.values[0] ?? 0;
        const top = y(r.label) ?? 0;
        return (
          <g key={r.label}>
            <text
              x={labelWidth - 6}
              y={top + y.bandwidth() / 2}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={11}
              fill="var(--gray-12)"
            >
              {r.label.length > 26 ? `${r.label.slice(0, 25)}…` : r.label}
            </text>
            <Bar
              x={labelWidth}
              y={top}
              width={Math.max(n ? 1 : 0, x(n))}
              height={y.bandwidth()}
              fill={colourOf(0)}
              rx={2}
            />
            <text
              x={labelWidth + x(n) + 4}
              y={top + y.bandwidth() / 2}
              dominantBaseline="middle"
              fontSize={11}
              fill="var(--gray-11)"
            >
              {countText(n)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Grouped bars over time, a colour per series, with the first and last dates under the axis. */
function TimeBars({ chart }: { chart: Chart }) {
  const height = 160;
  const bottom = 18;
  const max = Math.max(1, ...chart.rows.flatMap((r) => r.values));
  const x = scaleBand<string>({ domain: chart.rows.map((r) => r.label), range: [40, WIDTH - 8], padding: 0.15 });
  const inner = scaleBand<number>({ domain: chart.series.map((_, i) => i), range: [0, x.bandwidth()] });
  const y = scaleLinear<number>({ domain: [0, max], range: [height - bottom, 4], nice: true });
  const first = chart.rows[0]?.label;
  const last = chart.rows.at(-1)?.label;
  return (
    <svg width="100%" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={chart.title}>
      <text x={36} y={10} textAnchor="end" fontSize={10} fill="var(--gray-11)">
        {countText(y.domain()[1]!)}
      </text>
      <line x1={40} x2={WIDTH - 8} y1={height - bottom} y2={height - bottom} stroke="var(--gray-7)" />
      {chart.rows.map((r) =>
        r.values.map((n, i) => (
          <Bar
            key={`${r.label}-${i}`}
            x={(x(r.label) ?? 0) + (inner(i) ?? 0)}
            y={y(n)}
            width={Math.max(1, inner.bandwidth())}
            height={height - bottom - y(n)}
            fill={colourOf(i)}
          />
        )),
      )}
      {first && (
        <text x={40} y={height - 4} fontSize={10} fill="var(--gray-11)">
          {first}
        </text>
      )}
      {last && last !== first && (
        <text x={WIDTH - 8} y={height - 4} textAnchor="end" fontSize={10} fill="var(--gray-11)">
          {last}
        </text>
      )}
    </svg>
  );
}

export function ChartSvg({ chart }: { chart: Chart }) {
  return chart.axis === 'category' ? <CategoryBars chart={chart} /> : <TimeBars chart={chart} />;
}
