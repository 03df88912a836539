// What `npm start` checks before it migrates, seeds or prints anything (decision 100). Each
// failure is one StartupError whose message names the cause and the fix, printed as one line.
import { accessSync, constants, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { redactUrl } from './config';
import type { DatabaseTarget } from './db/connect';
import { migrationState } from './db/migrate';
import type { Database as Schema } from './db/schema';

export class StartupError extends Error {}

const codeOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The data directory exists (made if need be) and this process may write in it. */
export function checkDataDir(dir: string): void {
  const fix = `give it to the user running the server (${process.getuid?.() ?? '?'}), or set DATA_DIR to a writable directory`;
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    // A read-only mount refuses even root, whom access() lets through.
    const probe = path.join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    throw new StartupError(
      `The data directory ${path.resolve(dir)} is not writable (${codeOf(err) ?? String(err)}): ${fix}.`,
    );
  }
}

/** An exclusive lock held for the life of the process; released when it ends, however it ends. */
export interface DataLock {
  release(): void;
}

/**
 * SQLite serves one server per file. The lock is SQLite's own exclusive lock on a file beside the
 * database (`<db>.lock`), held by an open transaction: the operating system drops it when the
 * process ends, even killed, so a stale lock cannot refuse a start. The holder's pid is written
 * beside it (`<db>.lock.pid`), for the message only.
 */
export function lockDatabaseFile(file: string): DataLock {
  const lockFile = `${file}.lock`;
  const pidFile = `${lockFile}.pid`;
  const lock = new Database(lockFile, { timeout: 0 });
  try {
    // The lock file holds nothing: its journal stays in memory rather than beside it.
    lock.pragma('journal_mode = MEMORY');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    lock.close();
    if (codeOf(err) !== 'SQLITE_BUSY' && codeOf(err) !== 'SQLITE_LOCKED') throw err;
    let holder = '';
    try {
      holder = ` (pid ${readFileSync(pidFile, 'utf8').trim()})`;
    } catch {
      // The pid is for the message only.
    }
    throw new StartupError(
      `Another server${holder} is serving ${path.resolve(file)}: SQLite allows one server per database file; stop that one, give this one another DATA_DIR, or run several on PostgreSQL (DATABASE_URL).`,
    );
  }
  writeFileSync(pidFile, `${process.pid}\n`);
  return {
    release() {
      if (!lock.open) return;
      rmSync(pidFile, { force: true });
      lock.close();
    },
  };
}

/** Listens on `port`; a port that cannot be had is a StartupError. */
export function listenOn(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: Error) => {
      const code = codeOf(err);
      if (code === 'EADDRINUSE')
        reject(new StartupError(`Port ${port} is in use by another program: stop it, or set PORT to a free port.`));
      else if (code === 'EACCES')
        reject(
          new StartupError(
            `Port ${port} needs privileges this user lacks: set PORT to 1024 or above (and let a reverse proxy take port ${port}).`,
          ),
        );
      else reject(err);
    };
    server.once('error', failed);
    server.listen(port, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);

/**
 * The database answers, and it holds no migration this code does not know (a newer version
 * migrated it: running older code on it could corrupt what that version wrote).
 */
export async function checkDatabase(db: Kysely<Schema>, target: DatabaseTarget): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    if (target.engine !== 'postgres') throw err;
    const code = codeOf(err);
    const where = redactUrl(target.url);
    const reason = err instanceof Error && err.message ? err.message : (code ?? String(err));
    const fix =
      code && UNREACHABLE.has(code)
        ? 'start PostgreSQL or correct the host and port in DATABASE_URL'
        : code === '28P01' || code === '28000'
          ? 'correct the user and password in DATABASE_URL'
          : code === '3D000'
            ? 'create the database (createdb) or correct its name in DATABASE_URL'
            : 'check DATABASE_URL and that PostgreSQL accepts this connection';
    throw new StartupError(`PostgreSQL at ${where} cannot be reached (${reason}): ${fix}.`);
  }
  const { unknown } = await migrationState(db);
  if (unknown.length > 0) {
    throw new StartupError(
      `The database was migrated by a newer version of Staff Console (${unknown.join(', ')} is unknown to this one): run that version or a later one, or restore the backup taken before the upgrade.`,
    );
  }
}
