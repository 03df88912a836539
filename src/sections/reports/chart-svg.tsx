// A chart drawn from its table with visx (decision 063): bars for totals by label, and the one
// time chart (time-chart.tsx) for days, weeks and months. Drawn at the box's own width, so the
// 12 px labels stay 12 px; text takes the theme's gray-11 and gray-12.
import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import type { Chart } from '../../domain/reports';
import { countText } from '../../domain/format';
import { useChartWidth } from './chart-width';
import { colourOf } from './chart-colours';
import { TimeChart } from './time-chart';

const FONT = 12;

/** Bars, one row per label, for charts of totals. */
function CategoryBars({ chart }: { chart: Chart }) {
  const [ref, width] = useChartWidth(560);
  const rowHeight = 24;
  const labelWidth = Math.min(200, Math.round(width * 0.38));
  const height = Math.max(rowHeight, chart.rows.length * rowHeight);
  const max = Math.max(1, ...chart.rows.map((r) => r.values[0] ?? 0));
  const x = scaleLinear<number>({ domain: [0, max], range: [0, Math.max(40, width - labelWidth - 64)] });
  const y = scaleBand<string>({ domain: chart.rows.map((r) => r.label), range: [0, height], padding: 0.2 });
  const longest = Math.max(8, Math.floor(labelWidth / 7));
  return (
    <div ref={ref}>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={`${chart.title}: ${chart.rows.map((r) => `${r.label} ${countText(r.values[0] ?? 0)}`).join(', ')}`}
        style={{ display: 'block' }}
      >
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
                fontSize={FONT}
                fill="var(--gray-12)"
              >
                {r.label.length > longest ? `${r.label.slice(0, longest - 1)}…` : r.label}
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
                fontSize={FONT}
                fill="var(--gray-11)"
              >
                {countText(n)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

export function ChartSvg({ chart }: { chart: Chart }) {
  return chart.axis === 'category' ? <CategoryBars chart={chart} /> : <TimeChart chart={chart} />;
}
