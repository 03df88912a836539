// Opens the database the configuration names: PostgreSQL for postgres:// URLs, otherwise an
// embedded SQLite file in WAL mode, its connections in worker threads. Everything above this
// file sees one Kysely<Database>.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ServerConfig } from '../config';
import type { Database } from './schema';
import { SqliteThreadsDialect, type SqliteLoad, type SqliteThreadsOptions } from './sqlite-driver';

export type Engine = 'sqlite' | 'postgres';

/**
 * Where the data lives: a SQLite file (or ':memory:', optionally starting as a copy of the file
 * `copyOf`: tests' migrated template) or a PostgreSQL URL.
 */
export type DatabaseTarget = { engine: 'sqlite'; file: string; copyOf?: string } | { engine: 'postgres'; url: string };

export function targetFromConfig(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): DatabaseTarget {
  return config.databaseUrl
    ? { engine: 'postgres', url: config.databaseUrl }
    : { engine: 'sqlite', file: path.join(config.dataDir, 'staff-console.db') };
}

const INT8_OID = 20;
// Times are stored as bigint milliseconds; pg hands bigint back as text unless told otherwise.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** Readers a SQLite database keeps (min) and may start while all are busy (max). */
export type SqliteThreadCounts = Pick<SqliteThreadsOptions, 'minReaders' | 'maxReaders'>;

/** What a database's connections are doing at one moment (/metrics). */
export type DatabaseLoad =
  ({ engine: 'sqlite' } & SqliteLoad) | { engine: 'postgres'; connections: number; idle: number; waiting: number };

const loads = new WeakMap<Kysely<any>, () => DatabaseLoad>();

/** The load of a database openDatabase opened; null for one opened otherwise. */
export function databaseLoad(db: Kysely<any>): DatabaseLoad | null {
  return loads.get(db)?.() ?? null;
}

export function openDatabase(target: DatabaseTarget, threads: SqliteThreadCounts = {}): Kysely<Database> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, types: pgTypes });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    loads.set(db, () => ({
      engine: 'postgres',
      connections: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    return db;
  }
  if (target.file !== ':memory:') mkdirSync(path.dirname(target.file), { recursive: true });
  // Every statement runs in a worker thread, never on the event loop (decision 041).
  const dialect = new SqliteThreadsDialect({ file: target.file, copyOf: target.copyOf, ...threads });
  const db = new Kysely<Database>({ dialect });
  loads.set(db, () => ({ engine: 'sqlite', ...dialect.load() }));
  return db;
}

/**
 * The engine behind a Kysely instance. Every query the server runs is written once for both (the
 * upserts use ON CONFLICT, which both speak); only schema details differ, such as the identity
 * column of the first migration, and tests that read the catalogue.
 */
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
