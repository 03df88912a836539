// The one time chart: values read by pointing and by keyboard (a focused slider whose value text
// is the highlighted bucket), a legend that shows and hides series, and long ranges in weeks.
import { Theme } from '@radix-ui/themes';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChartCard } from '../../src/sections/reports/chart-card';
import { DAY_MS, dayMs, type Chart } from '../../src/domain/reports';
import { isoDayOf } from '../../src/domain/format';

const signIns = (days: number): Chart => ({
  id: 'sign-ins-per-day',
  title: 'Sign-ins per day',
  axis: 'day',
  label: 'Day',
  series: ['Signed in', 'Refused'],
  rows: Array.from({ length: days }, (_, i) => ({
    label: isoDayOf(dayMs('2026-11-01') + i * DAY_MS),
    values: [i + 1, i % 2],
  })),
});
const RANGE = { from: '2026-11-01', to: '2026-11-10' };
const draw = (chart: Chart) =>
  render(
    <Theme>
      <ChartCard chart={chart} range={RANGE} />
    </Theme>,
  );

describe('time chart', () => {
  it('reads each day with the arrow keys, in words and in a tooltip', async () => {
    const user = userEvent.setup();
    draw(signIns(10));
    const chart = screen.getByRole('slider', { name: /Sign-ins per day/ });
    // Reached by Tab after the card's buttons and the legend.
    for (let i = 0; i < 5; i += 1) await user.tab();
    expect(chart).toHaveFocus();
    expect(chart).toHaveAttribute('aria-valuetext', 'Nov 10, 2026: Signed in 10, Refused 1');
    await user.keyboard('{ArrowLeft}');
    expect(chart).toHaveAttribute('aria-valuetext', 'Nov 9, 2026: Signed in 9, Refused 0');
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('Nov 9, 2026');
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('Signed in: 9');
    await user.keyboard('{Home}');
    expect(chart).toHaveAttribute('aria-valuenow', '1');
    expect(chart).toHaveAttribute('aria-valuetext', 'Nov 1, 2026: Signed in 1, Refused 0');
    await user.keyboard('{End}{ArrowRight}');
    expect(chart).toHaveAttribute('aria-valuenow', '10');
  });

  it('shows the values of the day pointed at', () => {
    draw(signIns(10));
    const chart = screen.getByRole('slider', { name: /Sign-ins per day/ });
    const plot = chart.querySelector('svg > rect:last-of-type')!;
    plot.getBoundingClientRect = () =>
      ({ left: 0, width: 100, top: 0, height: 100, right: 100, bottom: 100 }) as DOMRect;
    fireEvent.mouseMove(plot, { clientX: 35 });
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('Nov 4, 2026');
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('Signed in: 4');
    fireEvent.mouseLeave(plot);
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('draws a y axis of round numbers and dated x ticks, at 12 px', () => {
    draw(signIns(10));
    const texts = [...screen.getByRole('slider').querySelectorAll('text')];
    const words = texts.map((t) => t.textContent);
    expect(words).toEqual(expect.arrayContaining(['0', '2', '4', '6', '8', '10', 'Nov 1', '2026']));
    expect(texts.every((t) => Number(t.getAttribute('font-size')) >= 12)).toBe(true);
  });

  it('hides and shows a series from its legend button', async () => {
    const user = userEvent.setup();
    draw(signIns(10));
    const refused = within(screen.getByRole('group', { name: 'Series of Sign-ins per day' })).getByRole('button', {
      name: 'Refused',
    });
    expect(refused).toHaveAttribute('aria-pressed', 'true');
    await user.click(refused);
    expect(refused).toHaveAttribute('aria-pressed', 'false');
    screen.getByRole('slider').focus();
    await user.keyboard('{End}');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', 'Nov 10, 2026: Signed in 10');
  });

  it('shows a long range by week, in the picture and the table alike', async () => {
    const user = userEvent.setup();
    draw(signIns(120));
    expect(screen.getByText(/Shown by week/)).toBeInTheDocument();
    screen.getByRole('slider').focus();
    await user.keyboard('{Home}');
    // 2026-11-01 is a Sunday: its week starts on Monday 2026-10-26 and holds one day.
    expect(screen.getByRole('slider')).toHaveAttribute(
      'aria-valuetext',
      'Week of Oct 26, 2026: Signed in 1, Refused 0',
    );
    await user.click(screen.getByRole('button', { name: 'Show table' }));
    expect(screen.getByRole('columnheader', { name: 'Week starting' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Week of Nov 2, 2026' })).toBeInTheDocument();
  });
});
