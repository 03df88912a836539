// An in-process Staff Console server for tests: a fresh database per call (SQLite in memory, or a
// throwaway PostgreSQL database when TEST_DATABASE_URL is a postgres:// URL), the real app, and
// functions to create staff and compute their one-time codes.
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { createApp, type CreateAppOptions } from '../../server/app';
import { loadKeys } from '../../server/auth/keys';
import { hashPassword, randomPassword } from '../../server/auth/passwords';
import { newTotpSecret, sealSecret, totpCode } from '../../server/auth/totp';
import type { ServerConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { STAFF_USER_TYPE } from '../../server/db/schema';
import { createThrowawayDatabase, databaseNameOf, dropDatabase } from '../../server/db/test-database';

export interface TestServer {
  app: { fetch(req: Request): Response | Promise<Response>; request: Hono['request'] };
  db: Kysely<Database>;
  config: ServerConfig;
  createStaff(opts: {
    username: string;
    features: string[];
    otherFeatures?: string[];
    allowedSt?: string[];
    activated?: boolean;
  }): Promise<{ username: string; password: string; email: string; totpSecret?: string }>;
  /** The code for the step at Date.now() (or `at`). */
  totp(secret: string, at?: number): string;
  close(): Promise<void>;
}

/** Cheap scrypt for tests; every hash records its own cost, so verification stays exact. */
export const TEST_SCRYPT = { logN: 10, r: 8, p: 1 };

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    databaseUrl: null,
    dataDir: '',
    appEnv: 'test',
    productKey: 'product',
    serverType: 'app',
    serverTypes: { app: 'http://localhost:8080', testing: 'http://localhost:8081' },
    secretKey: randomBytes(32).toString('base64url'),
    linkSigningKey: 'test-link-signing-key-0123456789abcdef',
    sessionIdleSeconds: 900,
    trustProxy: false,
    scrypt: TEST_SCRYPT,
    // The local names, and the reserved `.example` names (RFC 2606) tests address servers by.
    allowedHosts: ['localhost', '127.0.0.1', '[::1]', '.example'],
    ...overrides,
  };
}

/** An empty database of the engine the suite runs on, and how to drop it. */
export async function freshDatabase(): Promise<{ db: Kysely<Database>; drop: () => Promise<void> }> {
  const maintenance = process.env['TEST_DATABASE_URL'];
  if (maintenance && /^postgres(ql)?:\/\//.test(maintenance)) {
    const url = await createThrowawayDatabase(maintenance, `${databaseNameOf(maintenance)}_t`);
    return {
      db: openDatabase({ engine: 'postgres', url }),
      drop: () => dropDatabase(maintenance, databaseNameOf(url)),
    };
  }
  return { db: openDatabase({ engine: 'sqlite', file: ':memory:' }), drop: async () => {} };
}

/**
 * A database at the latest migration: a copy of the run's template (tests/support/template-database.ts),
 * or, where no template was made (a project without that global setup), one migrated here.
 */
export async function migratedDatabase(): Promise<{ db: Kysely<Database>; drop: () => Promise<void> }> {
  const template = inject('templateDatabase');
  const maintenance = process.env['TEST_DATABASE_URL'];
  if (template?.engine === 'postgres' && maintenance) {
    const url = await createThrowawayDatabase(maintenance, `${databaseNameOf(maintenance)}_t`, template.name);
    return {
      db: openDatabase({ engine: 'postgres', url }),
      drop: () => dropDatabase(maintenance, databaseNameOf(url)),
    };
  }
  if (template?.engine === 'sqlite') {
    return { db: openDatabase({ engine: 'sqlite', file: ':memory:', copyOf: template.file }), drop: async () => {} };
  }
  const fresh = await freshDatabase();
  await migrateToLatest(fresh.db);
  return fresh;
}

export async function createTestServer(
  opts: {
    config?: Partial<ServerConfig>;
    /** More for createApp: a logger to read, the routes, a built panel to serve. */
    app?: Pick<CreateAppOptions, 'logger' | 'routes' | 'staticDir'>;
  } = {},
): Promise<TestServer> {
  const config = testConfig(opts.config);
  const { db, drop } = await migratedDatabase();
  const app = createApp({ db, config, ...opts.app });
  let staffOrg: number | null = null;

  const createStaff: TestServer['createStaff'] = async ({
    username,
    features,
    otherFeatures = [],
    allowedSt,
    activated,
  }) => {
    const now = Date.now();
    const password = randomPassword();
    const email = `${username.toLowerCase()}@staff-console.test`;
    staffOrg ??= (
      await db
        .insertInto('organizations')
        .values({ name: 'Staff Console Staff', salesforce_id: null, sf_acc_id: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const user = await db
      .insertInto('users')
      .values({
        username,
        email,
        first_name: username,
        last_name: 'Staff',
        organization_id: staffOrg,
        user_type: STAFF_USER_TYPE,
        user_category: 'general',
        user_role: 'staff',
        owner: null,
        product_configuration: `${config.productKey}_basic`,
        data_plan: '[]',
        expiry_dt: null,
        active: 1,
        deleted: 0,
        is_account_admin: 0,
        allowed_st: JSON.stringify(allowedSt ?? [config.serverType]),
        flags: '{}',
        password_hash: await hashPassword(password, config.scrypt),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await db
      .insertInto('roles')
      .values({
        name: `role for ${username}`,
        features: JSON.stringify([...features, ...otherFeatures]),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    if (!activated) return { username, password, email };
    const totpSecret = newTotpSecret();
    const keys = await loadKeys(db, config, now);
    await db
      .insertInto('totp_secrets')
      .values({
        user_id: user.id,
        secret_enc: sealSecret(totpSecret, keys.totpAtRest, user.id),
        activated_at: now,
        last_used_step: null,
      })
      .execute();
    return { username, password, email, totpSecret };
  };

  return {
    app,
    db,
    config,
    createStaff,
    totp: (secret, at) => totpCode(secret, at ?? Date.now()),
    async close() {
      await db.destroy();
      await drop();
    },
  };
}
