// The one table head: every header cell has a name, a column gives way to a narrow table by its
// priority (never the identity columns), and a sortable header says its order.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table, Theme } from '@radix-ui/themes';
import { describe, expect, it, vi } from 'vitest';
import { columnsToHide, TableHead } from '../../src/ui/shared/table-head';

const fitted = (rows: [string, number | undefined, number][]) =>
  rows.map(([label, priority, minWidth], index) => ({ label, priority, minWidth, index }));

describe('columnsToHide', () => {
  const columns = fitted([
    ['Name', 1, 120],
    ['Email', 1, 120],
    ['Type', 3, 100],
    ['Status', undefined, 100],
    ['Note', 3, 100],
    ['Expiry', 2, 100],
  ]);

  it('hides nothing when every column has its room', () => {
    expect(columnsToHide(columns, 640, 0)).toEqual(new Set());
  });

  it('hides the highest priority number first, the rightmost of equals first, then the next', () => {
    expect(columnsToHide(columns, 560, 0)).toEqual(new Set(['Note']));
    expect(columnsToHide(columns, 460, 0)).toEqual(new Set(['Note', 'Type']));
    expect(columnsToHide(columns, 360, 0)).toEqual(new Set(['Note', 'Type', 'Expiry']));
  });

  it('never hides priority 1 nor a column without a priority, however narrow', () => {
    expect(columnsToHide(columns, 10, 40)).toEqual(new Set(['Note', 'Type', 'Expiry']));
  });

  it('counts the room the unlabelled cells (checkboxes, actions) take', () => {
    expect(columnsToHide(columns, 640, 40)).toEqual(new Set(['Note']));
  });
});

function Head(props: Parameters<typeof TableHead>[0]) {
  return (
    <Theme>
      <Table.Root>
        <caption>People</caption>
        <TableHead {...props} />
        <Table.Body />
      </Table.Root>
    </Theme>
  );
}

describe('TableHead', () => {
  it("names a column of a row's buttons and a column of checkboxes for screen readers", () => {
    render(<Head columns={[{ label: 'Choose', hiddenLabel: true }, 'Name', null]} />);
    const names = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(names).toEqual(['Choose', 'Name', 'Actions']);
  });

  it('makes a sortable header a button and says its order', async () => {
    const onSort = vi.fn();
    render(
      <Head
        columns={[
          { label: 'Name', sort: { direction: 'ascending', onSort } },
          { label: 'Email', sort: { direction: 'none', onSort } },
          'Organization',
        ]}
      />,
    );
    const [name, email, organization] = screen.getAllByRole('columnheader');
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(email).toHaveAttribute('aria-sort', 'none');
    expect(organization).not.toHaveAttribute('aria-sort');
    await userEvent.setup().click(within(email!).getByRole('button', { name: /Email/ }));
    expect(onSort).toHaveBeenCalledTimes(1);
  });

  it("hides a column the staff member chose off, in the header and every row, by its cell's position", () => {
    render(<Head columns={['Name', 'Email', 'Organization']} chosenOff={new Set(['Email'])} />);
    const rules = [...document.head.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(rules).toMatch(/> \* > tr > :nth-child\(2\) \{ display: none; \}/);
    expect(rules).not.toMatch(/nth-child\(1\)|nth-child\(3\)/);
  });
});
