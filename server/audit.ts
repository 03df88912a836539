// The audit trail (spec §3). Every change calls writeAudit with the same transaction it changes
// data in, so an entry exists exactly when its change does.
import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_ORIGIN, type AuditCategory } from '../src/domain/audit';
import { entryRefs, refKey } from '../src/domain/audit-refs';
import { lookUpNames } from './audit-log/names';
import type { AuditSource, Database } from './db/schema';

export interface AuditEntry {
  category: AuditCategory;
  /** Username of the person acting, or the attempted username for a failed sign-in. */
  author: string;
  action: string;
  origin?: string;
  /** The server's own entries unless said otherwise; only log_data_in_es/ writes 'client'. */
  source?: AuditSource;
  at: number;
  previous?: unknown;
  current?: unknown;
  success: boolean;
  /** The record the entry is about (a research request, …): its history is read by kind and id. */
  record?: { kind: string; id: number };
  /** Names the writer holds of records its data names, by refKey: one this transaction deletes is no longer there to look up. */
  names?: Readonly<Record<string, string>>;
}

function asJson(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

export async function writeAudit(trx: Transaction<Database> | Kysely<Database>, entry: AuditEntry): Promise<void> {
  await writeAuditMany(trx, [entry]);
}

/** Who changed one kind of record, and when: what every entry of one change shares. */
export interface ChangeTrail {
  category: AuditCategory;
  /** The kind the record's history is read by; none for records that have no history. */
  kind?: string;
  author: string;
  at: number;
}

/**
 * The entry of a change to record `id` that went through: no `previous` for a creation, no
 * `current` for a deletion.
 */
export async function auditRecordChange(
  trx: Transaction<Database> | Kysely<Database>,
  trail: ChangeTrail,
  id: number,
  action: string,
  data: { previous?: unknown; current?: unknown },
): Promise<void> {
  await writeAudit(trx, {
    category: trail.category,
    author: trail.author,
    action,
    at: trail.at,
    previous: data.previous,
    current: data.current,
    success: true,
    ...(trail.kind === undefined ? {} : { record: { kind: trail.kind, id: Number(id) } }),
  });
}

/**
 * The names of the records each entry's data names (decision 094), as they are inside this
 * transaction: one lookup per kind for the whole batch (a bulk change to thousands of users names
 * a few tags or one group), so the entry reads the same after a rename or a deletion.
 */
async function namesOfEntries(
  trx: Transaction<Database> | Kysely<Database>,
  entries: readonly AuditEntry[],
): Promise<(string | null)[]> {
  const refs = entries.map((e) => entryRefs(e.category, [e.previous, e.current], e.record ?? null));
  if (refs.every((r) => r.length === 0)) return entries.map(() => null);
  const given = (e: AuditEntry, key: string) => (e.names && Object.hasOwn(e.names, key) ? e.names[key] : undefined);
  const book = await lookUpNames(
    trx,
    refs.flatMap((list, i) => list.filter((r) => given(entries[i]!, refKey(r.kind, r.id)) === undefined)),
  );
  // The rows of a bulk change name the same few records: each distinct list is written out once.
  const written = new Map<string, string | null>();
  return refs.map((list, i) => {
    const keys = list.map((r) => refKey(r.kind, r.id));
    const own = entries[i]!.names;
    const signature = own ? null : keys.join(' ');
    let text = signature === null ? undefined : written.get(signature);
    if (text === undefined) {
      const named = keys.flatMap((k) => {
        const name = given(entries[i]!, k) ?? book.get(k);
        return name === undefined ? [] : [[k, name] as const];
      });
      text = named.length ? JSON.stringify(Object.fromEntries(named)) : null;
      if (signature !== null) written.set(signature, text);
    }
    return text;
  });
}

export async function writeAuditMany(
  trx: Transaction<Database> | Kysely<Database>,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const names = await namesOfEntries(trx, entries);
  await trx
    .insertInto('audit_log')
    .values(
      entries.map(
        (e, i) =>
          ({
            category: e.category,
            author: e.author.slice(0, 150),
            action: e.action,
            origin: e.origin ?? DEFAULT_ORIGIN,
            source: e.source ?? 'server',
            created_at: e.at,
            previous_data: asJson(e.previous),
            current_data: asJson(e.current),
            success: e.success ? 1 : 0,
            names: names[i] ?? null,
            ...(e.record
              ? { record_kind: e.record.kind, record_id: e.record.id }
              : e.category === 'auth'
                ? signInRecord(e.author)
                : { record_kind: null, record_id: null }),
          }) as const,
      ),
    )
    .execute();
}

/** A sign-in event names the user whose username was tried, when there is one (decision 062): their history shows it. */
const signInRecord = (username: string) => ({
  record_kind: sql<string | null>`(select 'user' from users where username = ${username})`,
  record_id: sql<number | null>`(select id from users where username = ${username})`,
});
