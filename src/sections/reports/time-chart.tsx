// The one time chart (decision 095): grouped bars per day, week or month with a y axis of round
// numbers and dated x ticks, drawn at its box's own width so labels keep 12 px. A point is read by
// pointing at it or, with the chart focused, by the arrow keys (Home and End for the ends): the
// highlighted bucket's values show in a tooltip, and the focused chart is a slider whose value
// text is that readout, so a screen reader says each point as it is reached. The legend's buttons
// show and hide series.
import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { dayMs, type Chart } from '../../domain/reports';
import { countText, dayText, monthText, shortDayText } from '../../domain/format';
import { useChartWidth } from './chart-width';
import { colourOf } from './chart-colours';

const HEIGHT = 220;
const FONT = 12;
const MARGIN = { top: 10, right: 12, bottom: 40, left: 52 };

/** A row's date: a day, a week's Monday, or a month's first day (UTC). */
const startOf = (label: string) => dayMs(label.length === 7 ? `${label}-01` : label);

/** What a bucket is called in the readout: 'Nov 29, 2026', 'Week of Nov 23, 2026', 'Nov 2026'. */
export function bucketText(axis: Chart['axis'], label: string): string {
  const ms = startOf(label);
  if (Number.isNaN(ms)) return label;
  if (axis === 'month') return monthText(ms);
  return axis === 'week' ? `Week of ${dayText(ms)}` : dayText(ms);
}

/** A tick's two lines: the day or month, and the year where it starts or changes. */
function tickLines(axis: Chart['axis'], label: string, previous: string | undefined): [string, string] {
  const ms = startOf(label);
  const year = label.slice(0, 4);
  const first = axis === 'month' ? monthText(ms).replace(/\s*\d{4}\s*/, '') : shortDayText(ms);
  return [first, previous === undefined || previous.slice(0, 4) !== year ? year : ''];
}

/** The values of one bucket for the series shown, in words. */
export function pointText(chart: Chart, index: number, shown: readonly number[]): string {
  const row = chart.rows[index];
  if (!row) return '';
  const values = shown.map((i) => `${chart.series[i]} ${countText(row.values[i] ?? 0)}`).join(', ');
  return `${bucketText(chart.axis, row.label)}: ${values || 'no series shown'}`;
}

export function TimeChart({ chart }: { chart: Chart }) {
  const [ref, width] = useChartWidth(560);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const [active, setActive] = useState<number | null>(null);
  const shown = chart.series.map((_, i) => i).filter((i) => !hidden.has(i));
  const n = chart.rows.length;

  const plotRight = Math.max(MARGIN.left + 40, width - MARGIN.right);
  const plotBottom = HEIGHT - MARGIN.bottom;
  const max = Math.max(1, ...chart.rows.flatMap((r) => shown.map((i) => r.values[i] ?? 0)));
  const x = scaleBand<number>({
    domain: chart.rows.map((_, i) => i),
    range: [MARGIN.left, plotRight],
    padding: n > 40 ? 0.05 : 0.15,
  });
  const inner = scaleBand<number>({ domain: shown, range: [0, x.bandwidth()], padding: shown.length > 1 ? 0.05 : 0 });
  const y = scaleLinear<number>({ domain: [0, max], range: [plotBottom, MARGIN.top], nice: true });
  const whole = chart.rows.every((r) => r.values.every(Number.isInteger));
  const yTicks = y
    .ticks(Math.max(2, Math.floor((plotBottom - MARGIN.top) / 40)))
    .filter((t) => !whole || Number.isInteger(t));
  const every = Math.max(1, Math.ceil(n / Math.max(2, Math.floor((plotRight - MARGIN.left) / 80))));
  const xTicks = chart.rows.map((_, i) => i).filter((i) => i % every === 0);

  const toggle = (i: number) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  const pointAt = (event: MouseEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = Math.floor(((event.clientX - box.left) / Math.max(1, box.width)) * n);
    setActive(Math.min(n - 1, Math.max(0, at)));
  };
  const onKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: (active ?? -1) + 1,
      ArrowUp: (active ?? -1) + 1,
      ArrowLeft: (active ?? n) - 1,
      ArrowDown: (active ?? n) - 1,
      Home: 0,
      End: n - 1,
      PageUp: (active ?? 0) + every,
      PageDown: (active ?? 0) - every,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setActive(Math.min(n - 1, Math.max(0, to)));
  };
  const readout = active === null ? '' : pointText(chart, active, shown);
  const activeX = active === null ? 0 : (x(active) ?? 0) + x.bandwidth() / 2;

  return (
    <Box>
      {chart.series.length > 1 && (
        <Flex gap="2" wrap="wrap" mb="2" role="group" aria-label={`Series of ${chart.title}`}>
          {chart.series.map((s, i) => (
            <Button
              key={s}
              size="1"
              variant="soft"
              color="gray"
              aria-pressed={!hidden.has(i)}
              onClick={() => toggle(i)}
              style={{ opacity: hidden.has(i) ? 0.6 : 1 }}
            >
              <Box
                width="10px"
                height="10px"
                style={{
                  background: hidden.has(i) ? 'transparent' : colourOf(i),
                  border: `2px solid ${colourOf(i)}`,
                  borderRadius: 2,
                }}
              />
              {s}
            </Button>
          ))}
        </Flex>
      )}
      <div
        ref={ref}
        style={{ position: 'relative', outlineOffset: 2 }}
        tabIndex={0}
        role="slider"
        aria-label={`${chart.title}: one ${chart.axis} at a time, with the arrow keys`}
        aria-valuemin={1}
        aria-valuemax={n}
        aria-valuenow={active === null ? undefined : active + 1}
        aria-valuetext={readout || `${n} ${chart.axis}s, from ${bucketText(chart.axis, chart.rows[0]?.label ?? '')}`}
        onKeyDown={onKey}
        onFocus={() => setActive((a) => a ?? n - 1)}
        onBlur={() => setActive(null)}
      >
        <svg width={width} height={HEIGHT} aria-hidden style={{ display: 'block' }}>
          {yTicks.map((t) => (
            <g key={t}>
              <line x1={MARGIN.left} x2={plotRight} y1={y(t)} y2={y(t)} stroke="var(--gray-5)" />
              <text
                x={MARGIN.left - 6}
                y={y(t)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={FONT}
                fill="var(--gray-11)"
              >
                {countText(t)}
              </text>
            </g>
          ))}
          {active !== null && (
            <rect
              x={(x(active) ?? 0) - (x.step() - x.bandwidth()) / 2}
              y={MARGIN.top}
              width={x.step()}
              height={plotBottom - MARGIN.top}
              fill="var(--gray-a4)"
              data-testid="chart-highlight"
            />
          )}
          {chart.rows.map((r, row) =>
            shown.map((i) => {
              const v = r.values[i] ?? 0;
              return (
                <Bar
                  key={`${r.label}-${i}`}
                  x={(x(row) ?? 0) + (inner(i) ?? 0)}
                  y={y(v)}
                  width={Math.max(1, inner.bandwidth())}
                  height={plotBottom - y(v)}
                  fill={colourOf(i)}
                />
              );
            }),
          )}
          <line x1={MARGIN.left} x2={plotRight} y1={plotBottom} y2={plotBottom} stroke="var(--gray-8)" />
          {xTicks.map((i, k) => {
            const label = chart.rows[i]!.label;
            const [day, year] = tickLines(chart.axis, label, k === 0 ? undefined : chart.rows[xTicks[k - 1]!]!.label);
            const at = (x(i) ?? 0) + x.bandwidth() / 2;
            return (
              <g key={label}>
                <line x1={at} x2={at} y1={plotBottom} y2={plotBottom + 4} stroke="var(--gray-8)" />
                <text x={at} y={plotBottom + 16} textAnchor="middle" fontSize={FONT} fill="var(--gray-11)">
                  {day}
                </text>
                {year && (
                  <text x={at} y={plotBottom + 31} textAnchor="middle" fontSize={FONT} fill="var(--gray-11)">
                    {year}
                  </text>
                )}
              </g>
            );
          })}
          <rect
            x={MARGIN.left}
            y={MARGIN.top}
            width={plotRight - MARGIN.left}
            height={plotBottom - MARGIN.top}
            fill="transparent"
            onMouseMove={pointAt}
            onMouseLeave={() => setActive(null)}
          />
        </svg>
        {readout && (
          <Box
            aria-hidden
            data-testid="chart-tooltip"
            style={{
              position: 'absolute',
              top: 0,
              left: Math.min(Math.max(0, activeX - 110), Math.max(0, width - 220)),
              width: 220,
              pointerEvents: 'none',
              background: 'var(--color-panel-solid)',
              border: '1px solid var(--gray-7)',
              borderRadius: 4,
              padding: '4px 8px',
              boxShadow: 'var(--shadow-3)',
            }}
          >
            <Text size="1" as="p" weight="bold">
              {bucketText(chart.axis, chart.rows[active!]!.label)}
            </Text>
            {shown.map((i) => (
              <Text key={i} size="1" as="p">
                <span style={{ color: colourOf(i) }}>■</span> {chart.series[i]}:{' '}
                {countText(chart.rows[active!]!.values[i] ?? 0)}
              </Text>
            ))}
          </Box>
        )}
      </div>
    </Box>
  );
}
