import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_PATTERN, reconcileDataPlan } from '../../src/domain/user-rules';
import { FEATURE_KEYS } from '../../src/domain/features';
import { MANAGED_USER_COUNT, SEED_ROLES, seedIfEmpty, type SeededStaff } from '../../server/db/seed';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { SEEDING_MS } from './support/timeouts';

// Seeding writes every section's demo data (10-20 s on a busy 2-core machine): the tests read one
// database seeded once, so their time does not add up to a timeout; only the check that a second
// fresh database gets the same data seeds again.
const DAY = Date.parse('2026-11-21T00:00:00Z');
let server: TestServer;
let staff: SeededStaff[] | null;
beforeAll(async () => {
  server = await createTestServer({
    config: { serverTypes: { app: 'http://localhost:8080', testing: 'http://localhost:8081' } },
  });
  staff = await seedIfEmpty(server.db, server.config, DAY);
}, SEEDING_MS);
afterAll(async () => {
  await server.close();
});

describe('demo data', () => {
  it('fills an empty database once, with staff whose printed passwords work', async () => {
    expect(staff?.map((s) => s.username)).toEqual(['admin', 'support', 'analyst']);
    expect(await seedIfEmpty(server.db, server.config, Date.now())).toBeNull();

    const users = await server.db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(MANAGED_USER_COUNT + 3);
    const admin = users.find((u) => u.username === 'admin')!;
    expect(admin).toMatchObject({
      email: 'admin@staff-console.local',
      user_type: 'is_staff',
      allowed_st: '["app","testing"]',
    });
    expect(users.find((u) => u.username === 'support')).toMatchObject({
      email: 'support@staff-console.local',
      allowed_st: '["app"]',
    });
    expect(users.find((u) => u.username === 'analyst')).toMatchObject({
      email: 'analyst@staff-console.local',
      allowed_st: '["app"]',
      is_account_admin: 0,
    });
    expect(await server.db.selectFrom('totp_secrets').selectAll().execute()).toHaveLength(0);

    for (const s of staff!) {
      const b = new Browser(server);
      await b.open();
      expect(await b.postJson('/login_account_new/', { username: s.username, password: s.password })).toMatchObject({
        status: true,
        first_time_login: true,
      });
    }
  });

  it('seeds nothing in production: no demo staff, no demo users, no password to print (decision 068)', async () => {
    const empty = await createTestServer();
    try {
      expect(await seedIfEmpty(empty.db, { ...empty.config, appEnv: 'production' }, Date.now())).toBeNull();
      expect(await empty.db.selectFrom('users').select('id').execute()).toEqual([]);
      expect(await empty.db.selectFrom('organizations').select('id').execute()).toEqual([]);
      expect(await empty.db.selectFrom('roles').select('id').execute()).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it('gives admin every feature and tri_submittor, support only its three, analyst only the workflows', async () => {
    expect(SEED_ROLES['Super Admin']).toEqual([...FEATURE_KEYS, 'tri_submittor']);
    const roleOf = async (username: string) =>
      server.db
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(['roles.name', 'roles.features'])
        .where('users.username', '=', username)
        .execute();
    expect((await roleOf('admin')).map((r) => r.name)).toEqual(['Super Admin']);
    expect(JSON.parse((await roleOf('support'))[0]!.features)).toEqual([
      'admin_panel_access',
      'user_mgmt',
      'create_user_tab',
    ]);
    expect((await roleOf('analyst')).map((r) => [r.name, JSON.parse(r.features)])).toEqual([
      ['Analyst', ['admin_panel_access', 'workflows_tab']],
    ]);
  });

  it(
    'makes realistic managed users that follow the §5 data-plan rules, the same on every fresh database',
    async () => {
      const managed = await server.db
        .selectFrom('users')
        .selectAll()
        .where('user_type', '!=', 'is_staff')
        .orderBy('id')
        .execute();
      for (const u of managed) {
        const plan = JSON.parse(u.data_plan) as string[];
        // Every seeded plan is one the rules leave as it is.
        expect(reconcileDataPlan('product', plan, u.user_category)).toEqual({ plan, notices: [], error: null });
        if (u.phone !== null) expect(u.phone).toMatch(PHONE_PATTERN);
        expect(u.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
        expect(['product_basic', 'product_res', 'product_res_prof']).toContain(u.product_configuration);
      }
      expect(new Set(managed.map((u) => u.user_type)).size).toBeGreaterThanOrEqual(5);
      const tagged = await server.db
        .selectFrom('user_tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(tagged.n)).toBeGreaterThan(50);

      const again = await createTestServer();
      try {
        await seedIfEmpty(again.db, again.config, DAY);
        const second = await again.db
          .selectFrom('users')
          .select(['username', 'email', 'data_plan', 'expiry_dt'])
          .where('user_type', '!=', 'is_staff')
          .orderBy('id')
          .execute();
        expect(second).toEqual(
          managed.map((u) => ({
            username: u.username,
            email: u.email,
            data_plan: u.data_plan,
            expiry_dt: u.expiry_dt,
          })),
        );
      } finally {
        await again.close();
      }
    },
    SEEDING_MS,
  );
});
