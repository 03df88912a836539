// An audit entry's change as the History and the Audit Log show it (decision 094): the records it
// names by name, each a link to the screen that opens it; a kind no screen opens by address is
// named without a link; a value naming no record reads as the server wrote it.
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditChange } from '../../src/domain/audit-log';
import { ChangesTable } from '../../src/sections/record-history/changes-table';
import { RecordLink } from '../../src/sections/record-history/record-link';

const changes: AuditChange[] = [
  {
    field: 'organization_id',
    label: 'Organization',
    before: 'Harbor Partners',
    after: 'Keel Capital',
    before_refs: [{ kind: 'account', id: 11, name: 'Harbor Partners' }],
    after_refs: [{ kind: 'account', id: 10, name: 'Keel Capital' }],
  },
  {
    field: 'my_brokers',
    label: 'My Brokers',
    before: null,
    after: 'Mast Markets, Keel Securities',
    after_refs: [
      { kind: 'broker', id: 1482, name: 'Mast Markets' },
      { kind: 'broker', id: 1485, name: 'Keel Securities' },
    ],
  },
  {
    field: 'groups',
    label: 'Groups',
    before: 'Trading desk',
    after: 'None',
    before_refs: [{ kind: 'group', id: 145, name: 'Trading desk' }],
  },
  { field: 'created_at', label: 'Created at', before: null, after: 'Nov 29, 2026, 2:05 PM UTC' },
];

describe('ChangesTable', () => {
  it('links each record a change names to its screen, by name', () => {
    render(
      <Theme>
        <ChangesTable changes={changes} caption="Changes" />
      </Theme>,
    );
    const row = (label: string) => within(screen.getByRole('row', { name: label }));
    expect(row('Organization').getByRole('link', { name: 'Harbor Partners' }).getAttribute('href')).toBe(
      '/account_settings?account=11',
    );
    expect(row('Organization').getByRole('link', { name: 'Keel Capital' }).getAttribute('href')).toBe(
      '/account_settings?account=10',
    );
    expect(
      row('My Brokers')
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Mast Markets', '/broker_research?tab=broker_details&broker=1482'],
      ['Keel Securities', '/broker_research?tab=broker_details&broker=1485'],
    ]);
    expect(row('My Brokers').getAllByRole('cell')[1]!.textContent).toBe('Mast Markets, Keel Securities');
    // Group Management opens no group by address: named, not linked.
    expect(row('Groups').queryByRole('link')).toBeNull();
    expect(row('Groups').getByText('Trading desk')).toBeTruthy();
    expect(row('Created at').getByText('Nov 29, 2026, 2:05 PM UTC')).toBeTruthy();
  });

  it("links an entry's own record, named, to that record's screen", () => {
    render(
      <Theme>
        <RecordLink record={{ kind: 'user', id: 237 }}>User jdoe (#237)</RecordLink>
      </Theme>,
    );
    expect(screen.getByRole('link', { name: 'User jdoe (#237)' }).getAttribute('href')).toBe('/user_list/237');
  });
});
