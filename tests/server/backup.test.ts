// `npm run backup` and `npm run restore` on the embedded SQLite database (decision 103): a backup
// taken while a bulk edit of thousands of users runs restores to a sound database holding the edit
// whole or not at all; each refusal is one line and leaves the files as they were. SQLite only:
// PostgreSQL is backed up with pg_dump, which the commands name.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely, KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { FEATURE_KEYS } from '../../src/domain/features';
import { backupSqlite, restoreSqlite, type Outcome } from '../../server/cli/sqlite-backup';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { applyBulkEdit, type BulkRequest } from '../../server/users/bulk-edit';
import { userRow } from '../support/factories';
import { PROJECT_ROOT, runToEnd } from './support/run-to-end';

const ROOT = PROJECT_ROOT;
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const onSqlite = !/^postgres/.test(process.env['TEST_DATABASE_URL'] ?? '');
/** Two UPDATE batches of the edit (5,000 users each). */
const USERS = 6_000;

let dir: string;
let file: string;
let db: Kysely<Database> | null;
let config: { dataDir: string; databaseUrl: string | null };

/** A migrated database in DATA_DIR, as a server leaves it (the run's template copied, or migrated here). */
async function openLive(): Promise<Kysely<Database>> {
  const template = inject('templateDatabase');
  if (template?.engine === 'sqlite' && !existsSync(file)) copyFileSync(template.file, file);
  const live = openDatabase({ engine: 'sqlite', file });
  await migrateToLatest(live);
  return live;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'staff-console-backup-'));
  file = path.join(dir, 'staff-console.db');
  config = { dataDir: dir, databaseUrl: null };
  db = null;
});
afterEach(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function insertUsers(live: Kysely<Database>, count: number): Promise<number[]> {
  const ids: number[] = [];
  const rows = Array.from({ length: count }, () => userRow());
  for (let i = 0; i < rows.length; i += 500) {
    const made = await live
      .insertInto('users')
      .values(rows.slice(i, i + 500))
      .returning('id')
      .execute();
    ids.push(...made.map((r) => Number(r.id)));
  }
  return ids;
}

/** A bulk edit of `ids` setting `active`, by an author holding every key. */
function bulkEdit(ids: number[], active: boolean): BulkRequest {
  return {
    selection: { by: 'ids', ids },
    changes: { active },
    product: 'product',
    actor: { userId: 0, username: 'operator', features: ['active_update'], keys: new Set(FEATURE_KEYS) },
    now: Date.now(),
  };
}

/** What a database file holds of the edits: integrity, how many of `ids` are inactive, bulk-edit audit entries. */
function inspect(dbFile: string, ids: number[]): { integrity: string; inactive: number; audited: number } {
  const copy = new BetterSqlite3(dbFile, { readonly: true, fileMustExist: true });
  try {
    const integrity = (copy.pragma('integrity_check', { simple: true }) as string) ?? '';
    const inactive = (
      copy
        .prepare(`SELECT count(*) AS n FROM users WHERE active = 0 AND id IN (SELECT value FROM json_each(?))`)
        .get(JSON.stringify(ids)) as { n: number }
    ).n;
    const audited = (
      copy.prepare(`SELECT count(*) AS n FROM audit_log WHERE action LIKE 'bulk edit (active)%'`).get() as {
        n: number;
      }
    ).n;
    return { integrity, inactive, audited };
  } finally {
    copy.close();
  }
}

/** Runs a command of package.json's as an operator does: its exit code and what it printed. */
function command(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return runToEnd(TSX, [path.join(ROOT, 'server/cli', `${script}.ts`), ...args], { DATA_DIR: dir, DATABASE_URL: '' });
}

describe.runIf(onSqlite)('a backup while a bulk edit runs', () => {
  it('taken inside the edit’s open transaction restores to a sound database without the edit; the one it replaced holds it whole', async () => {
    db = await openLive();
    const ids = await insertUsers(db, USERS);
    // The backup runs right after the edit's first UPDATE of users, its transaction still open
    // (half the users changed in it, the rest and every audit entry still to come): the server's
    // thread is busy with the backup meanwhile, and the edit goes on when it is done.
    let backup = null as Outcome | null;
    const updates = new Set<unknown>();
    const backupInsideTheEdit: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        if (node.kind === 'UpdateQueryNode') updates.add(queryId);
        return node;
      },
      async transformResult({ queryId, result }) {
        if (updates.has(queryId)) backup ??= backupSqlite(config, undefined, Date.now());
        return result;
      },
    };
    const applied = await applyBulkEdit(db.withPlugin(backupInsideTheEdit), bulkEdit(ids, false));

    expect(applied).toMatchObject({ ok: true, updated: USERS });
    expect(backup).toMatchObject({ ok: true });
    if (!backup?.ok) return;
    expect(backup.file).toMatch(new RegExp(`^${dir}/backups/staff-console-\\d{8}T\\d{6}Z\\.db$`));
    expect(backup.line).toMatch(/^Backup written to \S+ \(\d+(\.\d)? (MB|kB)\); integrity check ok\.$/);
    expect(readdirSync(path.join(dir, 'backups'))).toEqual([path.basename(backup.file)]);

    await db.destroy();
    db = null;
    const restored = restoreSqlite(config, backup.file, Date.now());
    expect(restored).toMatchObject({ ok: true });
    if (!restored.ok) return;
    // Begun while the edit's transaction was open: the last commit before it, so none of it.
    expect(inspect(file, ids)).toEqual({ integrity: 'ok', inactive: 0, audited: 0 });
    const aside = readdirSync(dir).filter((name) => name.startsWith('staff-console.db.replaced-'));
    expect(aside).toHaveLength(1);
    expect(restored.line).toBe(
      `Restored ${backup.file} to ${file}; the database it replaced is kept as ${path.join(dir, aside[0]!)}.`,
    );
    expect(inspect(path.join(dir, aside[0]!), ids)).toEqual({ integrity: 'ok', inactive: USERS, audited: USERS });
    expect(existsSync(`${file}-wal`) || existsSync(`${file}-shm`)).toBe(false);

    // The server starts on it: it migrates and reads.
    db = await openLive();
    expect(await db.selectFrom('users').select('id').where('active', '=', 0).execute()).toEqual([]);
  }, 60_000);

  it('run as its own process while edits follow one another, holds each whole or not at all, and restores by the command', async () => {
    db = await openLive();
    const ids = await insertUsers(db, USERS / 2);
    const target = path.join(dir, 'kept', 'during-edits.db');
    let done = false;
    const backup = command('backup', [target]).finally(() => (done = true));
    let edits = 0;
    while (!done) {
      const applied = await applyBulkEdit(db, bulkEdit(ids, edits % 2 === 0));
      expect(applied).toMatchObject({ ok: true });
      edits += 1;
    }
    const { code, output } = await backup;
    expect(output).toMatch(
      new RegExp(`^Backup written to ${target} \\(\\d+(\\.\\d)? (MB|kB)\\); integrity check ok\\.\\n$`),
    );
    expect(code).toBe(0);

    await db.destroy();
    db = null;
    const restore = await command('restore', [target]);
    expect(restore.output).toMatch(/^Restored .* the database it replaced is kept as .*\n$/);
    expect(restore.code).toBe(0);
    const state = inspect(file, ids);
    expect(state.integrity).toBe('ok');
    expect([0, ids.length]).toContain(state.inactive);
    expect(state.audited % ids.length).toBe(0);
  }, 60_000);
});

describe.runIf(onSqlite)('a restore from a database file in WAL mode', () => {
  it('takes what its -wal holds, as one file', async () => {
    db = await openLive();
    const good = backupSqlite(config, path.join(dir, 'good.db'), Date.now());
    expect(good).toMatchObject({ ok: true });
    await db.destroy();
    db = null;
    // A copy made some other way, its last commits still in its -wal (the connection stays open).
    const copy = path.join(dir, 'copy.db');
    copyFileSync(path.join(dir, 'good.db'), copy);
    const writer = new BetterSqlite3(copy);
    try {
      writer.pragma('journal_mode = WAL');
      writer.pragma('wal_autocheckpoint = 0');
      writer.exec("CREATE TABLE kept_notes (note TEXT); INSERT INTO kept_notes VALUES ('only in the WAL')");
      expect(restoreSqlite(config, copy, Date.now())).toMatchObject({ ok: true });
    } finally {
      writer.close();
    }
    const restored = new BetterSqlite3(file, { readonly: true });
    try {
      expect(restored.prepare('SELECT note FROM kept_notes').all()).toEqual([{ note: 'only in the WAL' }]);
    } finally {
      restored.close();
    }
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});

describe.runIf(onSqlite)('backup refusals, each one line', () => {
  it('names a missing database, a target that cannot be written or exists, and pg_dump for PostgreSQL', async () => {
    expect(backupSqlite(config, undefined, Date.now())).toEqual({
      ok: false,
      message: `No database at ${file}: nothing to back up (check DATA_DIR).`,
    });
    db = await openLive();
    const notADirectory = path.join(dir, 'plain-file');
    writeFileSync(notADirectory, 'x');
    const unwritable = backupSqlite(config, path.join(notADirectory, 'backup.db'), Date.now());
    expect(unwritable).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Cannot write the backup to \S+: /),
    });

    const first = backupSqlite(config, path.join(dir, 'one.db'), Date.now());
    expect(first).toMatchObject({ ok: true });
    expect(backupSqlite(config, path.join(dir, 'one.db'), Date.now())).toEqual({
      ok: false,
      message: `${path.join(dir, 'one.db')} exists already: name a new file for the backup.`,
    });

    const pg = backupSqlite({ dataDir: dir, databaseUrl: 'postgres://app:secret@db/console' }, undefined, Date.now());
    expect(pg).toMatchObject({ ok: false });
    if (pg.ok) return;
    expect(pg.message).toContain('pg_dump --format=custom');
    expect(pg.message).toContain('postgres://app:***@db/console');
    expect(pg.message).not.toContain('secret');
    for (const outcome of [unwritable, pg]) if (!outcome.ok) expect(outcome.message).not.toContain('\n');
  });
});

describe.runIf(onSqlite)('restore refusals, leaving the database as it was', () => {
  it('refuses while the database is open, a file that is no Staff Console database, one newer than the code, and PostgreSQL', async () => {
    db = await openLive();
    await insertUsers(db, 3);
    const good = backupSqlite(config, path.join(dir, 'good.db'), Date.now());
    expect(good).toMatchObject({ ok: true });
    const refuse = (backup: string) => {
      const outcome = restoreSqlite(config, backup, Date.now());
      expect(outcome.ok).toBe(false);
      return outcome.ok ? '' : outcome.message;
    };

    expect(refuse(path.join(dir, 'good.db'))).toBe(
      `The database ${file} is in use (is the server running on ${dir}?): stop it, then restore.`,
    );
    await db.destroy();
    db = null;

    expect(refuse(path.join(dir, 'missing.db'))).toBe(
      `Nothing was restored: No file at ${path.join(dir, 'missing.db')}.`,
    );
    const text = path.join(dir, 'notes.db');
    writeFileSync(text, 'not a database, only words '.repeat(100));
    expect(refuse(text)).toMatch(
      /^Nothing was restored: \S+ cannot be (opened|read) as a database: file is not a database$/,
    );

    const other = path.join(dir, 'other.db');
    const plain = new BetterSqlite3(other);
    plain.exec('CREATE TABLE things (id INTEGER PRIMARY KEY)');
    plain.close();
    expect(refuse(other)).toBe(
      `Nothing was restored: ${other} is not a Staff Console database: it has no kysely_migration table.`,
    );

    const newer = path.join(dir, 'newer.db');
    copyFileSync(path.join(dir, 'good.db'), newer);
    const future = new BetterSqlite3(newer);
    future.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run('2099_01_01_001_future', 'x');
    future.close();
    expect(refuse(newer)).toBe(
      `Nothing was restored: ${newer} is newer than this code: it has migration 2099_01_01_001_future, which this version does not know. Restore it with the version that made it.`,
    );

    const pg = restoreSqlite({ dataDir: dir, databaseUrl: 'postgres://app@db/console' }, newer, Date.now());
    expect(pg).toMatchObject({ ok: false, message: expect.stringContaining('pg_restore') });

    // Nothing moved: the live database is the one the server left, with its users.
    expect(readdirSync(dir).filter((name) => name.startsWith('staff-console.db'))).not.toContainEqual(
      expect.stringMatching(/replaced|restoring/),
    );
    const live = new BetterSqlite3(file, { readonly: true });
    expect((live.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBeGreaterThanOrEqual(3);
    live.close();
  });
});
