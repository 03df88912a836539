// Usernames for new users: taken is case-insensitive (the unique index on lower(username), migration
// 008), and a user created without one gets a free name built from who they are: first.last, or
// the email's local part, then first.last2, first.last3 … Lookups are equality on lower(username),
// batched, so a thousand new users cost a handful of indexed queries.
import { sql, type Kysely, type Transaction } from 'kysely';
import { USERNAME_PATTERN } from '../../src/domain/user-rules';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Values per IN list: well under SQLite's bound-parameter limit. */
const LOOKUP_CHUNK = 500;
/** Suffixes tried per base and round. */
const WINDOW = 10;
const MAX_BASE = 140;

/** Lower-case ASCII letters and digits, other runs become one dot: 'Zoë O'Brien' → 'zoe.o.brien'. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/** The name a generated username starts from. */
export function usernameBase(person: { first_name?: string; last_name?: string; email?: string }): string {
  const name = slug([person.first_name ?? '', person.last_name ?? ''].filter(Boolean).join(' '));
  const local = slug((person.email ?? '').split('@')[0] ?? '');
  let base = (name.length >= 3 ? name : local.length >= 3 ? local : `${name || local}user`)
    .slice(0, MAX_BASE)
    .replace(/\.+$/, '');
  if (!USERNAME_PATTERN.test(base)) base = 'user';
  return base;
}

/** Which of `names` exist already, compared case-insensitively; answers lower-cased names. */
export async function takenUsernames(db: Db, names: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set([...names].map((n) => n.toLowerCase()))];
  const taken = new Set<string>();
  for (let i = 0; i < wanted.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('users')
      .select(sql<string>`lower(username)`.as('name'))
      .where(sql<string>`lower(username)`, 'in', wanted.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const r of rows) taken.add(r.name);
  }
  return taken;
}

/**
 * A free username for each base, in order; `reserved` (lower-cased) holds names this batch uses
 * already and receives the ones handed out.
 */
export async function freeUsernames(db: Db, bases: readonly string[], reserved: Set<string>): Promise<string[]> {
  const out: (string | null)[] = bases.map(() => null);
  const next = new Map<string, number>(); // base → next suffix to try (1 stands for no suffix)
  for (;;) {
    const open = bases.map((b, i) => [b, i] as const).filter(([, i]) => out[i] === null);
    if (open.length === 0) return out as string[];
    const needs = new Map<string, number>();
    for (const [b] of open) needs.set(b, (needs.get(b) ?? 0) + 1);
    const candidates = new Map<string, string[]>();
    for (const [base, count] of needs) {
      const from = next.get(base) ?? 1;
      const list = Array.from({ length: count + WINDOW }, (_, k) => (from + k === 1 ? base : `${base}${from + k}`));
      next.set(base, from + count + WINDOW);
      candidates.set(base, list);
    }
    const taken = await takenUsernames(db, [...candidates.values()].flat());
    for (const [base, list] of candidates) {
      const free = list.filter((n) => !taken.has(n) && !reserved.has(n));
      for (const [b, i] of open) {
        if (b !== base || free.length === 0) continue;
        const name = free.shift()!;
        reserved.add(name);
        out[i] = name;
      }
    }
  }
}
