// What `npm run backup` and `npm run restore` do with the embedded SQLite database (decision 103),
// as functions the commands and the tests call. Each answers one line to print.
//
// The backup is `VACUUM INTO`: one read transaction, so the copy is the last commit as it stood
// when the backup began (a transaction still open is in it whole or not at all), and in WAL mode
// the server's writes go on meanwhile. It is written beside its final name, synced, checked with
// `PRAGMA integrity_check` and only then renamed, so a file under the backup's name is complete.
//
// The restore checks the file first (a SQLite database that passes integrity_check, with the
// migrations table and no migration this code does not know), refuses while anything holds the
// current database open (leaving WAL mode needs every other connection gone, and a running server
// always holds one), keeps the current database under another name, and puts the backup in place.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { redactUrl, type ServerConfig } from '../config';
import { targetFromConfig } from '../db/connect';
import { MIGRATION_NAMES } from '../db/migrate';

export type Outcome = { ok: true; line: string; file: string } | { ok: false; message: string };

/** Kysely's record of the migrations a database has applied. */
const MIGRATION_TABLE = 'kysely_migration';

/** `20261130T122601Z`: a UTC time that sorts and fits in a file name. */
export function fileStamp(now: number): string {
  return new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** 12.3 MB, 840 kB, 512 bytes. */
export function sizeText(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${(bytes / 1_000).toFixed(1)} kB`;
  return `${bytes} bytes`;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Where the backup goes when no file is named. */
export function defaultBackupFile(config: Pick<ServerConfig, 'dataDir'>, now: number): string {
  return path.resolve(config.dataDir, 'backups', `staff-console-${fileStamp(now)}.db`);
}

function postgresRefusal(config: Pick<ServerConfig, 'databaseUrl'>, tool: 'pg_dump' | 'pg_restore'): string {
  const url = redactUrl(config.databaseUrl ?? '');
  return tool === 'pg_dump'
    ? `DATABASE_URL names PostgreSQL (${url}): back it up with pg_dump, e.g. pg_dump --format=custom --file=staff-console-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"`
    : `DATABASE_URL names PostgreSQL (${url}): restore with pg_restore, e.g. pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" staff-console-….dump`;
}

/** Writes a file's data to disk, and its directory's entry for it. */
function syncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
function syncDirectory(dir: string): void {
  try {
    syncFile(dir);
  } catch {
    // Not every file system syncs a directory; the rename itself is still atomic.
  }
}

/** integrity_check's answer: null when the file is sound, else what is wrong (first line). */
function integrityProblem(db: BetterSqlite3.Database): string | null {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[];
  const first = rows[0]?.integrity_check ?? 'no answer';
  return rows.length === 1 && first === 'ok' ? null : first;
}

/**
 * A consistent copy of the SQLite database, safe while the server serves. `file` defaults to
 * `<DATA_DIR>/backups/staff-console-<UTC time>.db`; it must not exist yet.
 */
export function backupSqlite(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
  file: string | undefined,
  now: number,
): Outcome {
  const target = targetFromConfig(config);
  if (target.engine === 'postgres') return { ok: false, message: postgresRefusal(config, 'pg_dump') };
  if (!existsSync(target.file))
    return { ok: false, message: `No database at ${path.resolve(target.file)}: nothing to back up (check DATA_DIR).` };
  const destination = path.resolve(file ?? defaultBackupFile(config, now));
  if (existsSync(destination))
    return { ok: false, message: `${destination} exists already: name a new file for the backup.` };
  const partial = `${destination}.partial`;
  try {
    mkdirSync(path.dirname(destination), { recursive: true });
    rmSync(partial, { force: true });
  } catch (err) {
    return { ok: false, message: `Cannot write the backup to ${destination}: ${reasonOf(err)}` };
  }
  let source: BetterSqlite3.Database;
  try {
    source = new BetterSqlite3(target.file, { fileMustExist: true, timeout: 5_000 });
  } catch (err) {
    return { ok: false, message: `Cannot open the database ${target.file}: ${reasonOf(err)}` };
  }
  try {
    source.prepare('VACUUM INTO ?').run(partial);
  } catch (err) {
    rmSync(partial, { force: true });
    const cannotWrite = /unable to open|readonly|read-only|permission|disk|full/i.test(reasonOf(err));
    return {
      ok: false,
      message: cannotWrite
        ? `Cannot write the backup to ${destination}: ${reasonOf(err)}`
        : `The backup of ${target.file} failed: ${reasonOf(err)}`,
    };
  } finally {
    source.close();
  }
  // SQLite does not sync what VACUUM INTO writes: do it before the file takes its name.
  syncFile(partial);
  const copy = new BetterSqlite3(partial, { readonly: true, fileMustExist: true });
  let problem: string | null;
  try {
    problem = integrityProblem(copy);
  } finally {
    copy.close();
  }
  if (problem) {
    rmSync(partial, { force: true });
    return { ok: false, message: `The backup failed its integrity check (${problem}); nothing was kept.` };
  }
  renameSync(partial, destination);
  syncDirectory(path.dirname(destination));
  const size = statSync(destination).size;
  return {
    ok: true,
    file: destination,
    line: `Backup written to ${destination} (${sizeText(size)}); integrity check ok.`,
  };
}

/**
 * Why `file` cannot be restored, or null: it must be a SQLite database that passes
 * integrity_check, holding the migrations table and no migration this code does not know.
 */
export function backupProblem(file: string): string | null {
  if (!existsSync(file)) return `No file at ${file}.`;
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    return `${file} cannot be opened as a database: ${reasonOf(err)}`;
  }
  try {
    const problem = integrityProblem(db);
    if (problem) return `${file} fails its integrity check (${problem}).`;
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(MIGRATION_TABLE) as { name: string } | undefined;
    if (!table) return `${file} is not a Staff Console database: it has no ${MIGRATION_TABLE} table.`;
    const applied = (db.prepare(`SELECT name FROM ${MIGRATION_TABLE}`).all() as { name: string }[]).map((r) => r.name);
    const known = new Set(MIGRATION_NAMES);
    const unknown = applied.filter((name) => !known.has(name)).sort();
    if (unknown.length > 0)
      return `${file} is newer than this code: it has migration ${unknown.join(', ')}, which this version does not know. Restore it with the version that made it.`;
    return null;
  } catch (err) {
    return `${file} cannot be read as a database: ${reasonOf(err)}`;
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the SQLite database. Refused while the current database is open
 * elsewhere (a server running on it); the current database is kept beside it as
 * `staff-console.db.replaced-<UTC time>` (with its WAL, if any).
 */
export function restoreSqlite(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
  backup: string,
  now: number,
): Outcome {
  const target = targetFromConfig(config);
  if (target.engine === 'postgres') return { ok: false, message: postgresRefusal(config, 'pg_restore') };
  const source = path.resolve(backup);
  const live = path.resolve(target.file);
  if (source === live) return { ok: false, message: `${source} is the database itself: name a backup file.` };
  const problem = backupProblem(source);
  if (problem) return { ok: false, message: `Nothing was restored: ${problem}` };
  try {
    mkdirSync(path.dirname(live), { recursive: true });
  } catch (err) {
    return { ok: false, message: `Cannot write to ${path.dirname(live)}: ${reasonOf(err)}` };
  }

  const aside = `${live}.replaced-${fileStamp(now)}`;
  let current: BetterSqlite3.Database | null = null;
  if (existsSync(live)) {
    try {
      current = new BetterSqlite3(live, { fileMustExist: true, timeout: 0 });
      // Leaving WAL mode needs every other connection closed, and folds the WAL into the file, so
      // the copy kept is one whole file. A running server holds a connection: this is refused.
      current.pragma('journal_mode = DELETE');
      // Held while the files move: a server starting meanwhile waits rather than writing.
      current.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      current?.close();
      const busy = (err as { code?: string }).code?.startsWith('SQLITE_BUSY');
      return {
        ok: false,
        message: busy
          ? `The database ${live} is in use (is the server running on ${path.dirname(live)}?): stop it, then restore.`
          : `Cannot open the current database ${live}: ${reasonOf(err)}`,
      };
    }
  }
  const incoming = `${live}.restoring`;
  try {
    // Written by SQLite from the file checked, not copied byte for byte: a backup that is itself
    // in WAL mode arrives with what its -wal holds, as one file.
    rmSync(incoming, { force: true });
    const reader = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
    try {
      reader.prepare('VACUUM INTO ?').run(incoming);
    } finally {
      reader.close();
    }
    syncFile(incoming);
    if (current) {
      renameSync(live, aside);
      // Left by a crash before the WAL was folded in: kept with the file they belong to.
      if (existsSync(`${live}-wal`)) renameSync(`${live}-wal`, `${aside}-wal`);
    }
    // The -shm is only an index of the WAL; a stale one must not meet the restored file.
    rmSync(`${live}-wal`, { force: true });
    rmSync(`${live}-shm`, { force: true });
    renameSync(incoming, live);
    syncDirectory(path.dirname(live));
  } catch (err) {
    rmSync(incoming, { force: true });
    // Moved aside and not replaced: the database goes back where it was.
    if (current && !existsSync(live) && existsSync(aside)) renameSync(aside, live);
    return { ok: false, message: `The restore failed, and the database is as it was: ${reasonOf(err)}` };
  } finally {
    if (current) {
      current.exec('ROLLBACK');
      current.close();
    }
  }
  rmSync(`${aside}-shm`, { force: true });
  return {
    ok: true,
    file: live,
    line: current
      ? `Restored ${source} to ${live}; the database it replaced is kept as ${aside}.`
      : `Restored ${source} to ${live} (there was no database before).`,
  };
}
