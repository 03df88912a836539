// The HTTP 500s of the security review's fuzz (issue 25 §5), each sent through its real route and
// answered as bad input: a 400 naming the field in words, the same on SQLite and PostgreSQL.
// - a form or JSON field named like an Object.prototype member on a strict schema;
// - JSON nested 100,000 deep (roles' features, a client log entry's data);
// - an account renamed onto a name that differs only in non-ASCII case (SQLite's lower() folds A–Z
//   only, so its check missed what its unique constraint or PostgreSQL refused);
// - a NUL in a text field (PostgreSQL's text cannot hold one; SQLite stored it);
// - an id or a Redshift version beyond PostgreSQL's integer.
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountRecordReply } from '../../src/domain/accounts';
import { defaultAccountSettings } from '../../src/domain/account-settings';
import { DOMAIN_MAPPING_PATH } from '../../src/domain/broker-research-domain-mappings';
import { REQUEST_PATHS } from '../../src/domain/broker-research-requests';
import { FEATURE_KEYS } from '../../src/domain/features';
import { BadRequestReply } from '../../src/domain/field-errors';
import { RoleReply } from '../../src/domain/roles';
import { migrateTo, migrateToLatest } from '../../server/db/migrate';
import { seededRandom } from '../../server/db/seed';
import { seedBrokers } from '../../server/db/seed-brokers';
import { seedBrokerResearch } from '../../server/db/seed-broker-research';
import { UserFilter } from '../../src/domain/users';
import { encodeCursor } from '../../server/users/search';
import { freshDatabase } from '../support/server';
import { serverForFile } from './support/fresh-server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

const file = serverForFile();
let admin: Browser;
let adminId: number;

beforeAll(async () => {
  const staff = await file.server.createStaff({ username: 'fuzzed', features: [...FEATURE_KEYS], activated: true });
  admin = await signIn(file.server, staff);
  adminId = (
    await file.server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', staff.username)
      .executeTakeFirstOrThrow()
  ).id;
  // Brokers, requests, fulfillments and submissions to act on, from the demo seed's own builders.
  const now = Date.now();
  await file.server.db.transaction().execute(async (trx) => {
    await seedBrokers(trx, [adminId], now, seededRandom(25));
    await seedBrokerResearch(
      trx,
      file.server.config.productKey,
      [{ id: adminId, organization_id: null }],
      now,
      seededRandom(26),
    );
  });
});

/** The reply must be the one 400 shape, naming `field` with words of its own (never valibot's). */
async function refusedAt(res: Response, field: string): Promise<string> {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  // The shape from the schema; the field from the raw JSON, as valibot's record drops `__proto__` and `constructor`.
  v.parse(BadRequestReply, JSON.parse(text));
  const reply = JSON.parse(text) as { fields: Record<string, string>; errors: Record<string, string[]> };
  expect(Object.hasOwn(reply.fields, field), `${field} in ${text}`).toBe(true);
  const message = reply.fields[field]!;
  expect(message).not.toMatch(/Invalid \w+: (Expected|Received)|\[object|function /);
  expect(Object.hasOwn(reply.errors, field) && reply.errors[field]).toContain(message);
  return message;
}

/** A urlencoded body from pairs, so a field may be named `__proto__`. */
const formBody = (pairs: [string, string][]) => ({
  body: new URLSearchParams(pairs).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function newAccount(name: string): Promise<{ account_id: number; version: number }> {
  const res = await admin.send('POST', '/api/account/', { form: { name, salesforce_id: '', sf_acc_id: '' } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return v.parse(AccountRecordReply, JSON.parse(text)).result;
}

const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('a field named like an Object.prototype member', () => {
  it.each(PROTOTYPE_NAMES)('is an unknown field of the account record (%s), on create and on edit', async (name) => {
    const created = await admin.send(
      'POST',
      '/api/account/',
      formBody([
        ['name', `Proto ${name} Holdings`],
        [name, 'x'],
      ]),
    );
    expect(await refusedAt(created, name)).toMatch(/no field/);
    const account = await newAccount(`Proto ${name} Partners`);
    const edited = await admin.send(
      'PUT',
      '/api/account/',
      formBody([
        ['account_id', String(account.account_id)],
        ['version', String(account.version)],
        ['name', `Proto ${name} Partners`],
        [name, 'x'],
      ]),
    );
    expect(await refusedAt(edited, name)).toMatch(/no field/);
  });

  it.each(PROTOTYPE_NAMES)("is an unknown field of an account's settings (%s), on create and on save", async (name) => {
    const account = await newAccount(`Proto Settings ${name}`);
    const d = defaultAccountSettings(file.server.config.productKey, file.server.config.serverType);
    const fields: [string, string][] = [
      ['account_id', String(account.account_id)],
      ['account_settings', JSON.stringify(d.account_settings)],
      ['account_level_flags', JSON.stringify(d.account_level_flags)],
      [name, 'x'],
    ];
    expect(await refusedAt(await admin.send('POST', '/api/as/', formBody(fields)), name)).toMatch(/no field/);
    expect(await refusedAt(await admin.send('PUT', '/api/as/', formBody([...fields, ['version', '1']])), name)).toMatch(
      /no field/,
    );
  });

  it.each(PROTOTYPE_NAMES)('is an unknown field of the Redshift configuration body (%s)', async (name) => {
    const configuration = {
      user_script: true,
      account_script: false,
      user_flag: { expire_time: false, product: false, user_type: false },
    };
    // Written as text: an object literal's __proto__ would set the prototype, not send a field.
    const body = `{"redshift_configuration":${JSON.stringify(configuration)},"version":1,${JSON.stringify(name)}:1}`;
    const res = await admin.send('POST', '/redshift_configuration/', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(await refusedAt(res, name)).toMatch(/no field/);
  });

  it.each(['hasOwnProperty', 'toString'])(
    "is a flag like any other in a user's changes (%s), not a field a feature guards",
    async (name) => {
      const res = await admin.post('/user/update_account/', {
        user_id: String(adminId),
        version: '1',
        changes: `{"flags":{${JSON.stringify(name)}:true}}`,
      });
      expect(await refusedAt(res, `changes.flags.${name}`)).toBe(`There is no flag named ${name}.`);
    },
  );
});

describe('JSON nested without bound', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it("is refused in a role's features, on create and on update", async () => {
    const created = await admin.send('POST', '/user/roles/create/', {
      form: { name: 'Deep features', description: '', features: deep(100_000) },
    });
    expect(await refusedAt(created, 'features')).toMatch(/nested too deeply/);
    const role = await admin.send('POST', '/user/roles/create/', {
      form: { name: 'Shallow features', description: '', features: '["admin_panel_access"]' },
    });
    expect(role.status).toBe(200);
    const { id, version } = v.parse(RoleReply, await role.json()).role;
    const updated = await admin.send('POST', '/user/roles/update/', {
      form: {
        id: String(id),
        version: String(version),
        name: 'Shallow features',
        description: '',
        features: deep(100_000),
      },
    });
    expect(await refusedAt(updated, 'features')).toMatch(/nested too deeply/);
  });

  it('names a wrong value that is itself deeply nested without walking it', async () => {
    const res = await admin.send('POST', '/user/roles/create/', {
      form: { name: 'Nested key', description: '', features: `["admin_panel_access", ${deep(20)}, 7]` },
    });
    expect(await refusedAt(res, 'features')).toBe('There is no feature key […], 7.');
  });

  it("is refused in a client log entry's data", async () => {
    const data = `[{"category":"user","action":"deep","previous_data":${deep(100_000)}}]`;
    expect(await refusedAt(await admin.send('POST', '/log_data_in_es/', { form: { data } }), 'data')).toMatch(
      /nested too deeply/,
    );
  });
});

describe('account names that differ only in case beyond A–Z', () => {
  it('are one name on both engines: a second spelling and a rename onto the first are refused', async () => {
    const first = await newAccount('Ärzte Über Zürich');
    const taken = "An account named 'ärzte über zürich' already exists.";
    const second = await admin.send('POST', '/api/account/', {
      form: { name: 'ärzte über zürich', salesforce_id: '', sf_acc_id: '' },
    });
    expect(await refusedAt(second, 'name')).toBe(taken);

    const other = await newAccount('Ärzte Unter Zürich');
    for (const name of ['Ärzte Über Zürich', 'ÄRZTE ÜBER ZÜRICH', 'ärzte über zürich']) {
      const renamed = await admin.send('PUT', '/api/account/', {
        form: {
          account_id: String(other.account_id),
          version: String(other.version),
          name,
          salesforce_id: '',
          sf_acc_id: '',
        },
      });
      expect(await refusedAt(renamed, 'name')).toBe(`An account named '${name}' already exists.`);
    }
    // An account may change the case of its own name.
    const own = await admin.send('PUT', '/api/account/', {
      form: {
        account_id: String(first.account_id),
        version: String(first.version),
        name: 'ÄRZTE ÜBER ZÜRICH',
        salesforce_id: '',
        sf_acc_id: '',
      },
    });
    expect(own.status).toBe(200);
  });

  it('are keyed by migration 033 for the organizations that existed before it', async () => {
    const { db, drop } = await freshDatabase();
    try {
      await migrateTo(db, '2026_11_28_032_user_content');
      const anyDb = db as unknown as Kysely<any>;
      await anyDb
        .insertInto('organizations')
        .values([
          { name: 'Ärzte  Nord ', created_at: 1 },
          { name: 'ＡＣＭＥ Zürich', created_at: 1 },
        ])
        .execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom('organizations').select(['name', 'name_key']).orderBy('id').execute();
      expect(rows).toEqual([
        { name: 'Ärzte  Nord ', name_key: 'ärzte nord' },
        { name: 'ＡＣＭＥ Zürich', name_key: 'acme zürich' },
      ]);
    } finally {
      await db.destroy();
      await drop();
    }
  });

  it('counts organizations another writer made (the staff organization) as taken', async () => {
    const res = await admin.send('POST', '/api/account/', {
      form: { name: 'staff console STAFF', salesforce_id: '', sf_acc_id: '' },
    });
    expect(await refusedAt(res, 'name')).toMatch(/already exists/);
  });
});

describe('a NUL in a text field', () => {
  const NUL = '\u0000';
  const brokerId = async () =>
    await file.server.db.selectFrom('brokers').select(['id', 'version']).orderBy('id').executeTakeFirstOrThrow();
  const cases: [string, () => Promise<[Response, string]>][] = [
    [
      'the broker list search',
      async () => [await admin.send('GET', `/api/broker/list/?${new URLSearchParams({ q: `Ap${NUL}ex` })}`), 'q'],
    ],
    [
      'the domain mapping page cursor',
      async () => [
        await admin.send('GET', `${DOMAIN_MAPPING_PATH}?${new URLSearchParams({ cursor: `a${NUL}.com` })}`),
        'cursor',
      ],
    ],
    [
      'an event name',
      async () => [
        await admin.post('/segment/fetch_segmentio_events/', {
          from: '2026-01-01',
          to: '2026-01-31',
          name: `sign${NUL}in`,
        }),
        'name',
      ],
    ],
    [
      'an email of a list to check',
      async () => [
        await admin.post('/user/check_emails_validity/', { emails: JSON.stringify([`a${NUL}@example.com`]) }),
        'emails',
      ],
    ],
    [
      'a broker user group name',
      async () => {
        const broker = await brokerId();
        return [
          await admin.post('/api/broker/user_group/create/', {
            broker: String(broker.id),
            name: `Desk${NUL}`,
            description: '',
          }),
          'name',
        ];
      },
    ],
    [
      'a broker user group description',
      async () => {
        const broker = await brokerId();
        return [
          await admin.post('/api/broker/user_group/create/', {
            broker: String(broker.id),
            name: 'Desk',
            description: `a${NUL}b`,
          }),
          'description',
        ];
      },
    ],
    [
      'a sales contact name',
      async () => {
        const broker = await brokerId();
        return [
          await admin.post('/api/broker/brokersales/', {
            broker: String(broker.id),
            version: String(broker.version),
            name: `Lee${NUL}`,
            email: 'lee@example.com',
            phone: '',
            region: '',
          }),
          'name',
        ];
      },
    ],
    [
      'a sales contact email',
      async () => {
        const broker = await brokerId();
        return [
          await admin.post('/api/broker/brokersales/', {
            broker: String(broker.id),
            version: String(broker.version),
            name: 'Lee',
            email: `l${NUL}ee@example.com`,
            phone: '',
            region: '',
          }),
          'email',
        ];
      },
    ],
    [
      "a distributor's broker code",
      async () => {
        const broker = await brokerId();
        return [
          await admin.send('PUT', '/api/broker/distributor_info/', {
            form: {
              broker: String(broker.id),
              version: String(broker.version),
              dist: 'product',
              code: `P${NUL}1`,
              active: 'true',
            },
          }),
          'code',
        ];
      },
    ],
    [
      "a request's rejection reason",
      async () => {
        const request = await file.server.db
          .selectFrom('research_requests')
          .select(['id', 'version'])
          .where('status', '=', 'new')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return [
          await admin.post(REQUEST_PATHS.action, {
            id: String(request.id),
            action: 'reject',
            version: String(request.version),
            reason: `No${NUL}`,
          }),
          'reason',
        ];
      },
    ],
    [
      "a fulfillment's end reason",
      async () => {
        const row = await file.server.db
          .selectFrom('fulfillments')
          .select(['id', 'version'])
          .where('status', '=', 'active')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return [
          await admin.post('/user/end_br_fulfillment/', {
            id: String(row.id),
            version: String(row.version),
            reason: `Ended${NUL}`,
          }),
          'reason',
        ];
      },
    ],
    [
      "a submission's rejection reason",
      async () => {
        const row = await file.server.db
          .selectFrom('research_submissions')
          .select(['id', 'version'])
          .where('status', '=', 'new')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return [
          await admin.post('/api/researchreports/user_submissions/review/', {
            id: String(row.id),
            action: 'reject',
            version: String(row.version),
            reason: `Copied${NUL}`,
          }),
          'reason',
        ];
      },
    ],
    [
      'the account list page cursor',
      async () => {
        const cursor = Buffer.from(JSON.stringify(['next', `A${NUL}`, 1, '']), 'utf8').toString('base64url');
        return [await admin.send('GET', `/api/as/?${new URLSearchParams({ cursor })}`), 'cursor'];
      },
    ],
    [
      'the user list page cursor',
      async () => {
        // A cursor of the search below (the filter's defaults, by name), its position holding a NUL.
        const cursor = encodeCursor(
          v.parse(UserFilter, {}),
          { sort: 'name', dir: 'asc' },
          { towards: 'next', value: `Ada${NUL}`, id: 1 },
        );
        return [await admin.post('/user/search_user/', { sort: 'name', dir: 'asc', cursor }), 'cursor'];
      },
    ],
    [
      'the saved searches page cursor',
      async () => {
        const cursor = Buffer.from(`a${NUL}b${NUL}1`, 'utf8').toString('base64url');
        return [
          await admin.send(
            'GET',
            `/user/fetch_saved_searches/?${new URLSearchParams({ user_id: String(adminId), cursor })}`,
          ),
          'cursor',
        ];
      },
    ],
  ];

  it.each(cases)('is refused in %s', async (_what, send) => {
    const [res, field] = await send();
    expect(await refusedAt(res, field)).toMatch(/control character|NUL|page cursor/i);
  });
});

describe('an id beyond what a table holds', () => {
  it.each([
    ['an account', '/api/account/?account_id=', 'account_id', 404],
    ['a broker', '/api/broker/details/?broker=', 'broker', 400],
  ])('is no id of %s (PostgreSQL refuses it in a query)', async (_what, path, field, missing) => {
    expect(await refusedAt(await admin.send('GET', `${path}${2 ** 31}`), field)).toBe('Expected an id.');
    // The largest id there can be is looked up, and simply not found.
    expect((await admin.send('GET', `${path}${2 ** 31 - 1}`)).status).toBe(missing);
  });
});

describe('the Redshift version', () => {
  const configuration = {
    user_script: true,
    account_script: false,
    user_flag: { expire_time: false, product: false, user_type: false },
  };
  const save = (version: number) =>
    admin.send('POST', '/redshift_configuration/', { json: { redshift_configuration: configuration, version } });

  it("is refused beyond PostgreSQL's integer, and read as an older version up to it", async () => {
    expect(await refusedAt(await save(2 ** 31), 'version')).toBe('At most 2147483647.');
    expect(await refusedAt(await save(Number.MAX_SAFE_INTEGER), 'version')).toBe('At most 2147483647.');
    expect((await save(2 ** 31 - 1)).status).toBe(409);
  });
});
