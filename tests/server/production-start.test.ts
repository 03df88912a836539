// A production start (decision 068): the first start seeds nothing and prints no password; the
// first administrator comes from `npm run admin:create`; `admin:reset` also brings back an account
// a deactivation, a deletion or an expiry locked out; every response carries Permissions-Policy.
// The start and the command run as their own processes, as an operator runs them, on a throwaway
// database of the suite's engine; the rest runs in-process on the test server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, runToEnd } from './support/run-to-end';
import { FEATURE_KEYS, OTHER_FEATURE_KEYS } from '../../src/domain/features';
import { createApp } from '../../server/app';
import { createAdministrator, resetStaffAccount, SUPER_ADMIN_ROLE } from '../../server/cli/staff-accounts';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseTarget } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { createThrowawayDatabase, databaseNameOf, dropDatabase } from '../../server/db/test-database';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';

const ROOT = PROJECT_ROOT;
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const LISTENING = /^Staff Console listening on /;

/** A database of the suite's engine for processes of their own, and the environment naming it. */
async function throwawayDatabase(): Promise<{
  env: Record<string, string>;
  target: DatabaseTarget;
  drop: () => Promise<void>;
}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'staff-console-production-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const maintenance = process.env['TEST_DATABASE_URL'];
  if (maintenance && /^postgres(ql)?:\/\//.test(maintenance)) {
    const url = await createThrowawayDatabase(maintenance, `${databaseNameOf(maintenance)}_t`);
    return {
      env: { DATABASE_URL: url, DATA_DIR: dir },
      target: { engine: 'postgres', url },
      drop: async () => {
        await dropDatabase(maintenance, databaseNameOf(url));
        removeDir();
      },
    };
  }
  return {
    env: { DATABASE_URL: '', DATA_DIR: dir },
    target: { engine: 'sqlite', file: path.join(dir, 'staff-console.db') },
    drop: async () => removeDir(),
  };
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `npm start` until it listens, then SIGTERM: everything it printed on the way. */
async function startAndStop(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  // Its own process group, so the signal reaches the node process tsx starts too.
  const child = spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, ...env, PORT: String(port), SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  createInterface({ input: child.stderr }).on('line', (line) => lines.push(`[stderr] ${line}`));
  const listening = await new Promise<boolean>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (LISTENING.test(line)) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  if (listening) process.kill(-child.pid!, 'SIGTERM');
  await exited;
  if (!listening) throw new Error(`the server stopped before listening:\n${lines.join('\n')}`);
  return lines.join('\n');
}

const strongKey = () => randomBytes(32).toString('base64');

describe('a production first start', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  beforeEach(async () => {
    database = await throwawayDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('seeds no demo data and prints no password; admin:create makes the first administrator, who sets up two-step sign-in', async () => {
    const env = {
      ...database.env,
      APP_ENV: 'production',
      SECRET_KEY: strongKey(),
      ALLOWED_HOSTS: 'localhost',
      SMTP_URL: '',
      LINK_SIGNING_KEY: '',
      INVITE_INTAKE_KEY: '',
    };
    const output = await startAndStop(env);
    expect(output).not.toMatch(/password/i);
    expect(output).toContain('npm run admin:create -- <username> <email>');

    let db: Kysely<Database> = openDatabase(database.target);
    try {
      const count = async (table: 'users' | 'roles' | 'organizations' | 'brokers' | 'tags') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect({
        users: await count('users'),
        roles: await count('roles'),
        organizations: await count('organizations'),
        brokers: await count('brokers'),
        tags: await count('tags'),
      }).toEqual({ users: 0, roles: 0, organizations: 0, brokers: 0, tags: 0 });
    } finally {
      await db.destroy();
    }

    // The sources' command, as `npm run admin:create` runs it in development; the build's runs in
    // tests/production.
    const created = await runToEnd(TSX, ['server/cli/admin-create.ts', 'ops.lead', 'Ops.Lead@Example.com'], env);
    expect(created.code, created.output).toBe(0);
    const password = /^One-time password for ops\.lead: (\S+)$/m.exec(created.output)?.[1];
    expect(password, created.output).toBeDefined();
    expect(created.output.match(new RegExp(password!, 'g'))).toHaveLength(1);

    const again = await runToEnd(TSX, ['server/cli/admin-create.ts', 'OPS.LEAD', 'someone@example.com'], env);
    expect(again.code).toBe(1);
    expect(again.output).toContain("A user named 'ops.lead' exists already; nothing was created.");

    // The printed password signs in, and the account is asked to set up its authenticator.
    db = openDatabase(database.target);
    try {
      const app = createApp({ db, config: loadConfig({ ...env, PORT: '8080' }) });
      const browser = new Browser({ app });
      await browser.open();
      expect(
        await browser.postJson('/login_account_new/', { username: 'ops.lead', password: password! }),
      ).toMatchObject({ status: true, first_time_login: true });
      expect(await db.selectFrom('users').select(['username', 'email', 'user_type']).execute()).toEqual([
        { username: 'ops.lead', email: 'ops.lead@example.com', user_type: 'is_staff' },
      ]);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});

describe('the admin commands', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const rolesOf = (username: string) =>
    server.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.name', 'roles.features'])
      .where('users.username', '=', username)
      .execute();

  it('admin:create makes a staff account holding Super Admin, with a password shown once and no authenticator yet', async () => {
    const made = await createAdministrator(
      server.db,
      server.config,
      { username: 'first.admin', email: 'First.Admin@Example.com' },
      Date.now(),
    );
    if (!made.ok) throw new Error(made.message);
    expect(made.lines.filter((l) => l.includes(made.password))).toEqual([
      `One-time password for first.admin: ${made.password}`,
    ]);
    expect(made.lines.join('\n')).toContain('two-step sign-in');

    const roles = await rolesOf('first.admin');
    expect(roles.map((r) => r.name)).toEqual([SUPER_ADMIN_ROLE]);
    expect(JSON.parse(roles[0]!.features)).toEqual([...FEATURE_KEYS, ...OTHER_FEATURE_KEYS]);
    const user = await server.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'first.admin')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: 'first.admin@example.com',
      user_type: 'is_staff',
      active: 1,
      deleted: 0,
      expiry_dt: null,
      allowed_st: '["app","testing"]',
    });
    expect(await server.db.selectFrom('totp_secrets').selectAll().execute()).toEqual([]);

    const browser = new Browser(server);
    await browser.open();
    const first = await browser.postJson<{
      status: boolean;
      first_time_login: boolean;
      msg: { key: string; hx: string; ck: string };
    }>('/login_account_new/', { username: 'first.admin', password: made.password });
    expect(first).toMatchObject({ status: true, first_time_login: true });

    // A second administrator shares the one Super Admin role.
    const second = await createAdministrator(
      server.db,
      server.config,
      { username: 'second.admin', email: 'second@example.com' },
      Date.now(),
    );
    expect(second.ok).toBe(true);
    expect(
      await server.db.selectFrom('roles').select('name').where('name', '=', SUPER_ADMIN_ROLE).execute(),
    ).toHaveLength(1);
    expect(
      await server.db
        .selectFrom('audit_log')
        .select(['author', 'action'])
        .where('author', '=', 'admin:create')
        .execute(),
    ).toEqual([
      { author: 'admin:create', action: 'administrator created' },
      { author: 'admin:create', action: 'administrator created' },
    ]);
  });

  it('admin:create refuses a username or an email that exists, whatever its case, and a malformed one', async () => {
    const taken = await server.createStaff({ username: 'Taken.Name', features: ['admin_panel_access'] });
    const before = await server.db.selectFrom('users').select('id').execute();
    for (const [input, message] of [
      [
        { username: 'taken.name', email: 'new@example.com' },
        "A user named 'Taken.Name' exists already; nothing was created.",
      ],
      [
        { username: 'new.name', email: taken.email.toUpperCase() },
        `The email ${taken.email} belongs to 'Taken.Name' already; nothing was created.`,
      ],
      [{ username: 'x', email: 'new@example.com' }, "'x' is not a username: Usernames are 3 to 150 letters"],
      [
        { username: 'new.name', email: 'not-an-email' },
        "'not-an-email' is not an email address: Enter an email address like name@example.com.",
      ],
    ] as const) {
      const outcome = await createAdministrator(server.db, server.config, input, Date.now());
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.message).toContain(message);
    }
    expect(await server.db.selectFrom('users').select('id').execute()).toEqual(before);
    expect(await server.db.selectFrom('roles').select('name').where('name', '=', SUPER_ADMIN_ROLE).execute()).toEqual(
      [],
    );
  });

  it('admin:reset brings back an administrator that was deactivated, deleted and expired, and says so', async () => {
    const admin = await server.createStaff({
      username: 'locked.out',
      features: ['admin_panel_access', 'role_mgmt'],
      activated: true,
    });
    await server.db
      .updateTable('users')
      .set({ active: 0, deleted: 1, expiry_dt: Date.parse('2026-01-01T00:00:00Z') })
      .where('username', '=', 'locked.out')
      .execute();
    const before = await server.db
      .selectFrom('users')
      .select('version')
      .where('username', '=', 'locked.out')
      .executeTakeFirstOrThrow();

    const reset = await resetStaffAccount(server.db, server.config, 'locked.out', Date.now());
    if (!reset.ok) throw new Error(reset.message);
    expect(reset.lines).toContain(`New password for locked.out: ${reset.password}`);
    expect(reset.lines).toContain(
      'Restored: active again (was inactive), no longer deleted, no expiry (had expired on 2026-01-01).',
    );
    const user = await server.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'locked.out')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ active: 1, deleted: 0, expiry_dt: null });
    expect(user.version).toBeGreaterThan(before.version);
    expect(await server.db.selectFrom('totp_secrets').selectAll().execute()).toEqual([]);

    expect(admin.password).not.toBe(reset.password);
    const browser = new Browser(server);
    await browser.open();
    expect(
      await browser.postJson('/login_account_new/', { username: 'locked.out', password: reset.password }),
    ).toMatchObject({ status: true, first_time_login: true });
  });

  it('admin:reset says when there was nothing to restore, and refuses a name nobody has', async () => {
    await server.createStaff({ username: 'fine.admin', features: ['admin_panel_access'], activated: true });
    const reset = await resetStaffAccount(server.db, server.config, 'fine.admin', Date.now());
    expect(reset.ok && reset.lines).toContain('The account was already active, not deleted and without expiry.');
    expect(await resetStaffAccount(server.db, server.config, 'nobody', Date.now())).toEqual({
      ok: false,
      message: "No user named 'nobody' in this database.",
    });
  });
});

describe('Permissions-Policy', () => {
  it('denies every powerful feature the panel does not use, on every response, and keeps copying to the clipboard', async () => {
    const server = await createTestServer();
    try {
      for (const res of [
        await server.app.request('http://localhost/session_check/', { method: 'POST' }),
        await server.app.request('http://localhost/no/such/page/'),
        await server.app.request('http://evil.example/'),
      ]) {
        const policy = res.headers.get('permissions-policy') ?? '';
        for (const feature of [
          'camera',
          'microphone',
          'geolocation',
          'payment',
          'usb',
          'serial',
          'hid',
          'bluetooth',
          'midi',
          'display-capture',
          'clipboard-read',
        ]) {
          expect(policy, feature).toMatch(new RegExp(`(^|, )${feature}=\\(\\)(,|$)`));
        }
        expect(policy).toMatch(/(^|, )clipboard-write=\(self\)(,|$)/);
      }
    } finally {
      await server.close();
    }
  });
});
