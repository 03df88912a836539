// An audit entry's change in the words of the screens (decisions 062, 094): a field naming another
// record reads as its name under its screen's label and links to it, a moment reads as format.ts
// writes it, My Brokers' action and a distributor as their screens name them, and a long list of
// ids as a count.
import { describe, expect, it } from 'vitest';
import { auditChanges } from '../../src/domain/audit-log-diff';
import { entryRefs } from '../../src/domain/audit-refs';
import { dayText, timeText } from '../../src/domain/format';

const P = 'product';
const names = new Map([
  ['account:11', 'Harbor Partners'],
  ['account:10', 'Keel Capital'],
  ['group:145', 'Trading desk'],
  ['broker:1482', 'Mast Markets'],
  ['broker:1485', 'Keel Securities'],
  ['tag:6', 'Priority'],
]);

describe("a change in the screen's words", () => {
  it("reads a user's organization and groups by name, linking each, and a record gone as its kind and id", () => {
    const changes = auditChanges(
      P,
      'user',
      { organization_id: 11, groups: [145, 146] },
      { organization_id: 10, groups: [] },
      names,
    );
    expect(changes).toEqual([
      {
        field: 'organization_id',
        label: 'Organization',
        before: 'Harbor Partners',
        after: 'Keel Capital',
        before_refs: [{ kind: 'account', id: 11, name: 'Harbor Partners' }],
        after_refs: [{ kind: 'account', id: 10, name: 'Keel Capital' }],
      },
      {
        field: 'groups',
        label: 'Groups',
        before: 'Trading desk, Group #146',
        after: 'None',
        before_refs: [
          { kind: 'group', id: 145, name: 'Trading desk' },
          { kind: 'group', id: 146, name: 'Group #146' },
        ],
      },
    ]);
  });

  it("reads a new user's organization once, by its kept name", () => {
    const changes = auditChanges(P, 'user', null, { organization_id: 11, organization: 'Harbor Partners' }, names);
    expect(changes.map((c) => [c.label, c.after])).toEqual([['Organization', 'Harbor Partners']]);
  });

  it("reads moments with the panel's formatter, and an expiry as a day", () => {
    const at = 1795933050204;
    const changes = auditChanges(P, 'user', null, { created_at: at, expiry_dt_timestamp: 1796000000000 }, names);
    expect(changes.map((c) => [c.label, c.after])).toEqual([
      ['Created at', timeText(at)],
      ['Expiry date', dayText(1796000000000)],
    ]);
    expect(changes[0]!.after).not.toContain('1795933050204');
  });

  it('reads My Brokers by broker name and its action as the button says it; a tag by name, with no link', () => {
    const changes = auditChanges(
      P,
      'user',
      { user_id: 7, my_brokers: [1482], tags: [] },
      { user_id: 7, my_brokers: [1482, 1485], action: 'overwrite_req', tags: [6] },
      names,
    );
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['My Brokers', 'Mast Markets', 'Mast Markets, Keel Securities'],
      ['Action', null, 'Replace with Requested Brokers'],
      ['Tags', 'None', 'Priority'],
    ]);
    expect(changes[2]!.after_refs).toBeUndefined();
  });

  it('names the distributor and the research flags as Control Panel does', () => {
    const changes = auditChanges(
      P,
      'broker research',
      { dist: 'tri', research_enabled: false },
      { dist: 'tri', research_enabled: true },
      names,
    );
    expect(changes).toEqual([{ field: 'research_enabled', label: 'Broker research', before: 'No', after: 'Yes' }]);
    expect(auditChanges(P, 'broker research', null, { dist: 'tri' })).toEqual([
      { field: 'dist', label: 'Distributor', before: null, after: 'Refinitiv' },
    ]);
  });

  it('reads a long list of ids as a count, and finds the records an entry names but its own', () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(auditChanges(P, 'template settings', null, { changed_account_ids: ids })).toEqual([
      { field: 'changed_account_ids', label: 'Organizations changed', before: null, after: '60 organizations' },
    ]);
    expect(
      entryRefs(
        'group',
        [
          { user_id: 5, group_id: 9 },
          { user_id: 5, group_id: 9, member: true },
        ],
        {
          kind: 'user',
          id: 5,
        },
      ),
    ).toEqual([{ kind: 'group', id: 9 }]);
  });
});
