// The fields of an audit entry's data that name another record by its id (decision 094): a user's
// organization and groups, tags, My Brokers, a membership's user and group, the accounts a template
// was applied to. Each reads as the record's name under the label its screen gives it, and links to
// the record when it has a screen. Names are kept with the entry when it is written (server/audit.ts)
// and looked up when read only for entries written before.
import { RECORD_KINDS, type RecordKind } from './audit-log';

/** A record an entry can name: one with a name and a History, or a tag (a name, no screen of its own). */
export type NamedKind = Exclude<RecordKind, 'research_request'> | 'tag';
export const NAMED_KINDS: readonly NamedKind[] = [
  'user',
  'group',
  'role',
  'account',
  'template',
  'sku',
  'broker',
  'tag',
];

export interface RefField {
  kind: NamedKind;
  /** The field's label, as the record's screen names it. */
  label: string;
}

const ORGANIZATION: RefField = { kind: 'account', label: RECORD_KINDS.account.label };
const USER: RefField = { kind: 'user', label: RECORD_KINDS.user.label };
const GROUP: RefField = { kind: 'group', label: RECORD_KINDS.group.label };
const TAGS: RefField = { kind: 'tag', label: 'Tags' };

/** By category, then by the field's last key; the same key may mean another thing elsewhere (a broker's group_id). */
const REF_FIELDS: Record<string, Record<string, RefField>> = {
  user: {
    organization_id: ORGANIZATION,
    account_id: ORGANIZATION,
    groups: { kind: 'group', label: 'Groups' },
    group_id: GROUP,
    tags: TAGS,
    added_tags: { kind: 'tag', label: 'Tags added' },
    removed_tags: { kind: 'tag', label: 'Tags removed' },
    changed_user_ids: { kind: 'user', label: 'Users changed' },
    my_brokers: { kind: 'broker', label: 'My Brokers' },
    staff_roles: { kind: 'role', label: 'Staff roles' },
    user_id: USER,
  },
  group: {
    organization_id: ORGANIZATION,
    group_id: GROUP,
    member_of: { kind: 'group', label: 'Member of' },
    user_id: USER,
    removed_user_id: { kind: 'user', label: 'User removed' },
  },
  'account settings': { template_id: { kind: 'template', label: RECORD_KINDS.template.label } },
  'template settings': {
    accounts: { kind: 'account', label: 'Organizations' },
    changed_account_ids: { kind: 'account', label: 'Organizations changed' },
  },
};

/** Lists longer than this read as a count ('1,204 users'), not name by name. */
export const NAMED_LIST_MAX = 50;

export const refKey = (kind: NamedKind, id: number): string => `${kind}:${id}`;

/** What field `field` (dotted) of an entry of `category` names, if anything. */
export function refFieldOf(category: string, field: string): RefField | null {
  const leaf = field.split('.').at(-1)!;
  return REF_FIELDS[category]?.[leaf] ?? null;
}

/** The ids a value names: one id, or a list of ids (a longer list than NAMED_LIST_MAX names none). */
export function refIds(value: unknown): number[] | null {
  if (typeof value === 'number' && Number.isInteger(value)) return [value];
  if (Array.isArray(value) && value.every((x) => typeof x === 'number' && Number.isInteger(x)))
    return value.length > NAMED_LIST_MAX ? null : (value as number[]);
  // A staff role travels as { id, name } on a creation.
  if (Array.isArray(value) && value.every((x) => x !== null && typeof x === 'object' && typeof x.id === 'number'))
    return value.length > NAMED_LIST_MAX ? null : value.map((x: { id: number }) => x.id);
  return null;
}

/**
 * Every record the data of an entry names, but `own` (the entry's own record, whose name the
 * History already shows): what a writer looks up once for a whole batch.
 */
export function entryRefs(
  category: string,
  data: readonly unknown[],
  own: { kind: string; id: number } | null,
): { kind: NamedKind; id: number }[] {
  const fields = REF_FIELDS[category];
  if (!fields) return [];
  const out = new Map<string, { kind: NamedKind; id: number }>();
  const visit = (value: unknown, depth: number) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || depth > 3) return;
    for (const [k, v] of Object.entries(value)) {
      const field = fields[k];
      const ids = field ? refIds(v) : null;
      if (field && ids) {
        for (const id of ids)
          if (!(own && own.kind === field.kind && own.id === id))
            out.set(refKey(field.kind, id), { kind: field.kind, id });
      } else visit(v, depth + 1);
    }
  };
  for (const d of data) visit(d, 0);
  return [...out.values()];
}

/** Names by refKey; a record it lacks reads as its kind and id. */
export type NameBook = ReadonlyMap<string, string>;
