// Vitest global setup of the projects that start servers: the database migrated once per run, so
// each test server starts from a copy (a file copy on SQLite, CREATE DATABASE … TEMPLATE on
// PostgreSQL) instead of running every migration again (about half a second a server).
// The migration tests still migrate from empty, through `freshDatabase`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { createThrowawayDatabase, databaseNameOf, dropDatabase } from '../../server/db/test-database';

/** A migrated database to copy: a SQLite file, or a PostgreSQL database's name. */
export type TemplateDatabase = { engine: 'sqlite'; file: string } | { engine: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const maintenance = process.env['TEST_DATABASE_URL'];
  if (maintenance && /^postgres(ql)?:\/\//.test(maintenance)) {
    // Named like the per-test databases, so `npm run test:pg` drops it too if a run is killed.
    const url = await createThrowawayDatabase(maintenance, `${databaseNameOf(maintenance)}_t_tmpl`);
    const db = openDatabase({ engine: 'postgres', url });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    project.provide('templateDatabase', { engine: 'postgres', name: databaseNameOf(url) });
    return () => dropDatabase(maintenance, databaseNameOf(url));
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-template-'));
  const file = path.join(dir, 'db.sqlite');
  const db = openDatabase({ engine: 'sqlite', file });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  // One self-contained file to copy: no write-ahead log beside it.
  const plain = new Sqlite(file);
  plain.pragma('journal_mode = DELETE');
  plain.close();
  project.provide('templateDatabase', { engine: 'sqlite', file });
  return async () => rmSync(dir, { recursive: true, force: true });
}
