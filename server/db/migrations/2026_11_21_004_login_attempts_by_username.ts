// Failure counters keyed on the normalised username that was tried rather than on a user id, so a
// name with no account counts (and blocks) like any other (decision 004). Counters of existing
// accounts are carried over; the stale-counter sweep gets an index.
import type { Kysely } from 'kysely';
import { createLoginAttempts } from './2026_11_21_001_init';

/** The key rule of server/auth/lockout.ts (attemptKey) at the time of this migration. */
const keyOf = (username: string) => username.trim().normalize('NFKC').toLowerCase();

interface OldRow {
  username: string;
  failures: number;
  locked_until: number | string | null;
  updated_at: number | string;
}

export async function up(db: Kysely<any>): Promise<void> {
  const old = (await db
    .selectFrom('login_attempts')
    .innerJoin('users', 'users.id', 'login_attempts.user_id')
    .select(['users.username', 'login_attempts.failures', 'login_attempts.locked_until', 'login_attempts.updated_at'])
    .execute()) as OldRow[];
  await db.schema.dropTable('login_attempts').execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_updated_idx').on('login_attempts').column('updated_at').execute();
  // Two accounts whose names differ only in case now share a counter: keep the stricter one.
  const merged = new Map<
    string,
    { username: string; failures: number; locked_until: number | null; updated_at: number }
  >();
  for (const row of old) {
    const next = {
      username: keyOf(row.username),
      failures: Number(row.failures),
      locked_until: row.locked_until === null ? null : Number(row.locked_until),
      updated_at: Number(row.updated_at),
    };
    const seen = merged.get(next.username);
    merged.set(
      next.username,
      !seen
        ? next
        : {
            username: next.username,
            failures: Math.max(seen.failures, next.failures),
            locked_until: Math.max(seen.locked_until ?? 0, next.locked_until ?? 0) || null,
            updated_at: Math.max(seen.updated_at, next.updated_at),
          },
    );
  }
  if (merged.size > 0)
    await db
      .insertInto('login_attempts')
      .values([...merged.values()])
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await createLoginAttempts(db);
}
