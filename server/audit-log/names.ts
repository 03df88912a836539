// The names of records an audit entry names (decision 094), looked up a kind at a time in batches:
// by the writer inside the change's transaction (server/audit.ts keeps them with the entry), and
// by the readers for entries written before names were kept, and for each entry's own record.
import { sql, type Kysely, type Transaction } from 'kysely';
import { entryRefs, refKey, type NamedKind } from '../../src/domain/audit-refs';
import type { Database } from '../db/schema';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';

type Db = Kysely<Database> | Transaction<Database>;

/** Where each kind's name is: the table and the column the screens show it by. */
const NAME_SOURCES = {
  user: { table: 'users', column: 'username' },
  group: { table: 'user_groups', column: 'name' },
  role: { table: 'roles', column: 'name' },
  account: { table: 'organizations', column: 'name' },
  template: { table: 'settings_templates', column: 'name' },
  sku: { table: 'skus', column: 'code' },
  broker: { table: 'brokers', column: 'name' },
  tag: { table: 'tags', column: 'name' },
} as const satisfies Record<NamedKind, { table: keyof Database; column: string }>;

/** Names by refKey of the records given; one the tables no longer hold is absent. */
export async function lookUpNames(db: Db, refs: Iterable<{ kind: string; id: number }>): Promise<Map<string, string>> {
  const byKind = new Map<NamedKind, Set<number>>();
  for (const r of refs) {
    if (!Object.hasOwn(NAME_SOURCES, r.kind)) continue;
    const kind = r.kind as NamedKind;
    const ids = byKind.get(kind) ?? new Set<number>();
    ids.add(r.id);
    byKind.set(kind, ids);
  }
  const names = new Map<string, string>();
  for (const [kind, ids] of byKind) {
    const { table, column } = NAME_SOURCES[kind];
    for (const batch of chunks([...ids], LOOKUP_BATCH)) {
      const rows = await db
        .selectFrom(table)
        .select([sql<number>`id`.as('id'), sql<string>`${sql.ref(column)}`.as('name')])
        .where(oneOf(db, sql.ref('id'), batch, 'bigint'))
        .execute();
      for (const r of rows) names.set(refKey(kind, Number(r.id)), r.name);
    }
  }
  return names;
}

/** What a reader holds of one entry: its category, its data, the names kept with it, its own record. */
export interface NamedRow {
  category: string;
  previous: unknown;
  current: unknown;
  names: string | null;
  record: { kind: string; id: number } | null;
}

function keptNames(text: string | null): Map<string, string> {
  if (text === null) return new Map();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed === null || typeof parsed !== 'object') return new Map();
    return new Map(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return new Map();
  }
}

/**
 * Each row's names: those it kept when written first, then (one lookup per kind for the whole page)
 * today's names for what it did not keep (entries written before names were kept) and for its own
 * record, which a reader shows as that record is called now.
 */
export async function namesForRows(db: Db, rows: readonly NamedRow[]): Promise<Map<string, string>[]> {
  const kept = rows.map((r) => keptNames(r.names));
  const missing = rows.flatMap((r, i) =>
    [...entryRefs(r.category, [r.previous, r.current], null), ...(r.record ? [r.record] : [])].filter(
      (ref) => !kept[i]!.has(refKey(ref.kind as NamedKind, ref.id)),
    ),
  );
  const today = missing.length ? await lookUpNames(db, missing) : new Map<string, string>();
  return kept.map((own) => (today.size ? new Map([...today, ...own]) : own));
}

/** An entry's own record with its name (as called now), when it has one. */
export function namedRecord<T extends { kind: string; id: number } | null>(
  record: T,
  names: ReadonlyMap<string, string>,
): T {
  if (record === null) return record;
  const name = names.get(refKey(record.kind as NamedKind, record.id));
  return name === undefined ? record : { ...record, name };
}
