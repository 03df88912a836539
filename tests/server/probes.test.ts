// The probes of decision 100, in-process on the suite's engine: /healthz and /version answer
// whatever the database, /readyz only when the schema is this code's and the server is not
// stopping; none reads a session, issues a cookie, is logged per request or minds ALLOWED_HOSTS.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/connect';
import { migrateTo } from '../../server/db/migrate';
import { newLifecycle } from '../../server/lifecycle';
import { freshDatabase, migratedDatabase, testConfig } from '../support/server';

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

async function probed(prepare: 'latest' | 'first-migration-only' | 'newer' | 'unreachable') {
  const { db, drop } =
    prepare === 'latest'
      ? await migratedDatabase()
      : prepare === 'unreachable'
        ? // Port 1: nothing listens there, so every query fails to connect.
          {
            db: openDatabase({ engine: 'postgres', url: 'postgres://staff@127.0.0.1:1/console' }),
            drop: async () => {},
          }
        : await freshDatabase();
  drops.push(async () => {
    await db.destroy();
    await drop();
  });
  if (prepare === 'first-migration-only' || prepare === 'newer') await migrateTo(db, '2026_11_21_001_init');
  if (prepare === 'newer')
    await sql`insert into kysely_migration (name, timestamp) values ('2099_01_01_999_later', '2099-01-01')`.execute(db);
  const lines: string[] = [];
  const lifecycle = newLifecycle();
  const app = createApp({
    db,
    config: testConfig({ allowedHosts: ['console.example.com'] }),
    lifecycle,
    log: (l) => lines.push(l),
  });
  const probe = async (path: string, host = 'console.example.com') => {
    const res = await app.request(`http://${host}${path}`, { headers: { accept: '*/*' } });
    return { status: res.status, body: (await res.json()) as unknown, cookie: res.headers.get('set-cookie') };
  };
  return { probe, lifecycle, lines };
}

describe('the probes', () => {
  it('answer by address as well as by name, with no cookie and no log line; /readyz turns 503 once stopping', async () => {
    const { probe, lifecycle, lines } = await probed('latest');
    expect(await probe('/healthz', '10.1.2.3:8080')).toEqual({
      status: 200,
      body: { status: true, msg: 'Alive.' },
      cookie: null,
    });
    expect(await probe('/readyz', '10.1.2.3:8080')).toEqual({
      status: 200,
      body: { status: true, msg: 'Ready.' },
      cookie: null,
    });
    expect(await probe('/version')).toEqual({
      status: 200,
      body: { version: packageJson.version, commit: process.env['GIT_COMMIT'] || null, server_type: 'app' },
      cookie: null,
    });
    lifecycle.draining = true;
    expect(await probe('/readyz')).toEqual({
      status: 503,
      body: { status: false, msg: 'Shutting down: not taking new requests.' },
      cookie: null,
    });
    expect(await probe('/healthz')).toMatchObject({ status: 200 });
    expect(lines).toEqual([]);
    // Everything else still minds ALLOWED_HOSTS.
    expect((await probe('/session_check/', '10.1.2.3:8080')).status).toBe(400);
  });

  it('/readyz names the migrations not yet applied', async () => {
    const { probe } = await probed('first-migration-only');
    const ready = await probe('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      status: false,
      msg: expect.stringMatching(/^Migrations not yet applied: 2026_11_21_002_audit_source, /),
    });
  });

  it('/readyz names a migration this version does not know', async () => {
    const { probe } = await probed('newer');
    expect(await probe('/readyz')).toMatchObject({
      status: 503,
      body: { status: false, msg: 'The database has migrations this version does not know: 2099_01_01_999_later.' },
    });
  });

  it('/readyz says the database does not answer, and /healthz still answers', async () => {
    const { probe } = await probed('unreachable');
    expect(await probe('/readyz')).toMatchObject({
      status: 503,
      body: { status: false, msg: 'The database does not answer.' },
    });
    expect(await probe('/healthz')).toMatchObject({ status: 200 });
  });
});
