// Another process holding the embedded database's write lock past the busy timeout (a script, a
// second server on the same file) makes a write wait and then give up: the request answers 503
// with Retry-After, saying it may be tried again, never 500, and it wrote nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import type { Kysely } from 'kysely';
import { testConfig } from '../support/server';
import { Browser } from './support/browser';

describe('a write while another process holds the SQLite file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'busy-'));
  const file = path.join(dir, 'busy.db');
  let db: Kysely<Database>;
  let app: App;
  beforeAll(async () => {
    db = openDatabase({ engine: 'sqlite', file });
    await migrateToLatest(db);
    app = createApp({ db, config: testConfig() });
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After once the busy timeout passes, and 200 when the lock is gone', async () => {
    const browser = new Browser({ app });
    await browser.open();
    const other = new BetterSqlite3(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      const res = await browser.post('/login_account_new/', { username: 'nobody', password: 'not-a-password-1' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect((await res.json())['status']).toBe(false);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const again = await browser.post('/login_account_new/', { username: 'nobody', password: 'not-a-password-1' });
    expect(again.status).toBe(200);
  }, 20_000);
});
