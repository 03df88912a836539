// The create calls of the user area on the real app: organisation search, owners, settings and
// defaults, the email and username checks, register (one user, many, refused, raced) and the mail
// it writes. Runs on SQLite, and on PostgreSQL with `npm run test:pg`.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords';
import { CREATE_TEXT, defaultExpiry } from '../../server/users/create';
import { productNames } from '../../src/domain/product';
import { dataPlanMessages, FIELD_MESSAGES } from '../../src/domain/user-rules';
import { createTestServer, type TestServer } from '../support/server';
import { Browser } from './support/browser';
import { MORNING, startFakeClock, stopFakeClock } from './support/clock';
import { signIn } from './support/sign-in';

const ALL_USER_FEATURES = [
  'admin_panel_access',
  'user_mgmt',
  'create_user_tab',
  'bulk_user_creation',
  'allow_customer_type',
  'staff_role_change',
  'edit_user',
  'tr_src_toggle',
  'expiry_update',
  'prod_beta_subtab',
];

let server: TestServer;
let admin: Browser;
let counter = 0;
let orgs: Record<string, number>;
const P = 'product';
const names = productNames(P);

async function staffBrowser(features: string[]): Promise<Browser> {
  const staff = await server.createStaff({ username: `creator${++counter}`, features, activated: true });
  return signIn(server, staff);
}

async function addOrganizations(list: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of list) {
    const row = await server.db
      .insertInto('organizations')
      .values({ name, salesforce_id: `SF-${name.length}`, sf_acc_id: null, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    out[name] = row.id;
  }
  return out;
}

/** A valid register form for the given rows; `overrides` change step one. */
function registerForm(users: Record<string, string>[], overrides: Record<string, string> = {}): Record<string, string> {
  return {
    organization_id: String(orgs['Northwind Capital']),
    user_type: 'trial',
    user_category: 'general',
    [names.owner]: 'owner1',
    product_configuration: names.defaultConfiguration,
    data_plan: '[]',
    expiry_dt: '',
    startup_screen: '',
    flags: '{}',
    send_email: 'false',
    users: JSON.stringify(users),
    ...overrides,
  };
}

const person = (n: number, extra: Record<string, string> = {}) => ({
  first_name: `Ann${n}`,
  last_name: 'Lee',
  email: `ann${n}@example.com`,
  ...extra,
});
/** Managed users: signing in staff for a test adds staff, never these. */
const userCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_type', '<>', 'is_staff')
        .executeTakeFirstOrThrow()
    ).n,
  );
const userAuditCount = async () =>
  (await server.db.selectFrom('audit_log').select('id').where('category', '=', 'user').execute()).length;

beforeAll(async () => {
  startFakeClock();
  server = await createTestServer();
  orgs = await addOrganizations([
    'Northwind Capital',
    'Blue Harbor Asset Management',
    'Harbor Lights',
    'Harbo',
    'North Star Partners',
    'Smith-Harbor Group',
    'Acme (Harbor) Ltd',
    '100% Research',
    'Under_score Ltd',
    'Undersea Holdings',
  ]);
  // The owners: one active staff member (plus every signed-in creator below).
  await server.createStaff({ username: 'owner1', features: ['admin_panel_access'], activated: true });
  admin = await staffBrowser(ALL_USER_FEATURES);
});
afterAll(async () => {
  await server.close();
  stopFakeClock();
});

describe('get_user_organization/', () => {
  const search = async (query: string, b = admin) => {
    const res = await b.post('/user/get_user_organization/', { query });
    return {
      status: res.status,
      body: (await res.json()) as { result: { id: number; name: string; salesforceId: string | null }[] },
    };
  };

  it('matches a name prefix or a word prefix in any case, whole names first, then prefixes, then words', async () => {
    const { body } = await search('harbo');
    expect(body.result.map((o) => o.name)).toEqual([
      'Harbo',
      'Harbor Lights',
      'Acme (Harbor) Ltd',
      'Blue Harbor Asset Management',
      'Smith-Harbor Group',
    ]);
    expect(body.result[0]).toEqual({ id: orgs['Harbo'], name: 'Harbo', salesforceId: 'SF-5' });
  });

  it('treats % and _ in the query as the characters themselves', async () => {
    expect((await search('100%')).body.result.map((o) => o.name)).toEqual(['100% Research']);
    expect((await search('under_')).body.result.map((o) => o.name)).toEqual(['Under_score Ltd']);
  });

  it('searches nothing under 2 characters', async () => {
    const { status, body } = await search(' n ');
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: false, errors: { query: ['Type at least 2 characters.'] } });
  });

  it('answers at most 20, alphabetically within a rank', async () => {
    await addOrganizations(Array.from({ length: 25 }, (_, i) => `Zephyr Fund ${String(i).padStart(2, '0')}`));
    const { body } = await search('zephyr');
    expect(body.result).toHaveLength(20);
    expect(body.result.map((o) => o.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Zephyr Fund ${String(i).padStart(2, '0')}`),
    );
  });

  it('is open to user_mgmt (the list filter uses it) but not to a session without it', async () => {
    expect(
      (await search('north', await staffBrowser(['admin_panel_access', 'user_mgmt']))).body.result.length,
    ).toBeGreaterThan(0);
    expect((await search('north', await staffBrowser(['admin_panel_access', 'create_user_tab']))).status).toBe(403);
  });

  it('answers one organization by its id (an address naming it) as the search does, or none', async () => {
    const byId = async (id: string) => admin.send('GET', `/user/get_user_organization/?id=${id}`);
    const found = await byId(String(orgs['Harbo']));
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ result: [{ id: orgs['Harbo'], name: 'Harbo', salesforceId: 'SF-5' }] });
    expect(await (await byId('2147483647')).json()).toEqual({ result: [] });
    expect((await byId('north')).status).toBe(400);
  });
});

describe('owners, settings and defaults', () => {
  it('lists active, unexpired staff as owners, by name, never managed users', async () => {
    await server.createStaff({ username: 'gone', features: ['admin_panel_access'], activated: true });
    await server.db.updateTable('users').set({ active: 0 }).where('username', '=', 'gone').execute();
    await server.createStaff({ username: 'lapsed', features: ['admin_panel_access'], activated: true });
    await server.db
      .updateTable('users')
      .set({ expiry_dt: Date.now() - 1 })
      .where('username', '=', 'lapsed')
      .execute();
    const reply = await admin.postJson<{ status: boolean; result: { key: string; text: string }[] }>(
      `/user/get_${P}_owner_group/`,
    );
    expect(reply.status).toBe(true);
    const keys = reply.result.map((o) => o.key);
    expect(keys).toContain('owner1');
    expect(keys).not.toContain('gone');
    expect(keys).not.toContain('lapsed');
    expect(reply.result.find((o) => o.key === 'owner1')).toEqual({ key: 'owner1', text: 'owner1 Staff' });
    const texts = reply.result.map((o) => o.text);
    expect(texts).toEqual([...texts].sort());
  });

  it('offers customer types only with allow_customer_type, and is_staff only with staff_role_change', async () => {
    const types = async (features: string[]) =>
      (
        await (
          await staffBrowser(['admin_panel_access', 'create_user_tab', ...features])
        ).postJson<{ data: { user_types: string[] } }>('/user/get_product_settings/')
      ).data.user_types;
    expect(await types([])).toEqual(['trial', 'test_user', 'journalist']);
    expect(await types(['staff_role_change'])).toEqual(['trial', 'is_staff', 'test_user', 'journalist']);
    expect(await types(['allow_customer_type', 'staff_role_change'])).toEqual([
      'trial',
      'is_staff',
      'test_user',
      'journalist',
      'customer',
      'grace_customer',
      'churn_customer',
    ]);
  });

  it('names the product configurations, data plan items and screens with the platform key', async () => {
    const { data } = await admin.postJson<{ data: Record<string, unknown> }>('/user/get_product_settings/');
    expect(data).toMatchObject({
      product_key: P,
      default_configuration: `${P}_basic`,
      product_configurations: [`${P}_basic`, `${P}_res`, `${P}_res_prof`],
      data_plan_items: [`${P}_data`, 'shareholder_data', `${P}_alt_data`, 'lexis_nexis', 'rns'],
      user_categories: ['general', 'ir', 'workiva'],
    });
    expect(data['startup_screens']).toContain(`${P}Dashboard`);
  });

  it.each([
    ['trial', '12-06-2026'],
    ['test_user', '12-06-2026'],
    ['customer', '11-21-2027'],
    ['is_staff', '11-21-2027'],
    ['journalist', '11-21-2027'],
    ['grace_customer', '12-21-2026'],
    ['churn_customer', '11-22-2026'],
    ['', '11-22-2026'],
  ])('defaults the expiry of %s to %s from the UTC today (spec §4)', async (userType, expiry) => {
    const { data } = await admin.postJson<{ data: Record<string, unknown> }>('/user/get_default_settings/', {
      user_type: userType,
    });
    expect(data).toMatchObject({ expiry_dt: expiry, product_configuration: `${P}_basic`, startup_screen: 'docsearch' });
    expect(data['flags']).toMatchObject({
      send_email: true,
      socialsearch: false,
      rms_version: 'v1',
      tr_src: 'none',
      rr_pro: 'tri',
    });
  });

  it('counts from the UTC date, not the local one, around midnight', () => {
    expect(defaultExpiry('churn_customer', Date.UTC(2026, 10, 21, 23, 30))).toBe('11-22-2026');
    expect(defaultExpiry('churn_customer', Date.UTC(2026, 10, 22, 0, 30))).toBe('11-23-2026');
    expect(defaultExpiry('grace_customer', Date.UTC(2027, 0, 31, 12))).toBe('02-28-2027');
  });
});

describe('email and username checks', () => {
  beforeAll(async () => {
    const reply = await admin.postJson(
      '/user/register/',
      registerForm([
        { first_name: 'Taken', last_name: 'Person', email: 'taken@example.com', username: 'Taken.Person' },
      ]),
    );
    expect(reply['status']).toBe(true);
  });

  it('tells each email apart: malformed, used already (in any case), or free', async () => {
    const reply = await admin.postJson('/user/check_emails_validity/', {
      emails: JSON.stringify(['TAKEN@example.com', 'free@example.com', 'nope@', ' Free2@Example.com ']),
    });
    expect(reply).toEqual({
      status: true,
      data: [
        { email: 'taken@example.com', valid: true, exists: true, msg: 'A user with this email already exists.' },
        { email: 'free@example.com', valid: true, exists: false, msg: null },
        { email: 'nope@', valid: false, exists: false, msg: FIELD_MESSAGES.email },
        { email: 'free2@example.com', valid: true, exists: false, msg: null },
      ],
    });
  });

  it('says whether a username is free, comparing without case', async () => {
    expect(await admin.postJson('/user/get_valid_username/', { username: 'taken.person' })).toEqual({
      status: true,
      available: false,
      msg: 'taken.person is taken.',
    });
    expect(await admin.postJson('/user/get_valid_username/', { username: 'fresh.name' })).toEqual({
      status: true,
      available: true,
      msg: 'fresh.name is available.',
    });
    expect(await admin.postJson('/user/get_valid_username/', { username: '-x' })).toEqual({
      status: true,
      available: false,
      msg: FIELD_MESSAGES.username,
    });
  });

  it('suggests a free username from the name, or from the email without one', async () => {
    expect(await admin.postJson('/user/get_valid_username_new/', { first_name: 'Taken', last_name: 'Person' })).toEqual(
      { status: true, username: 'taken.person2' },
    );
    expect(await admin.postJson('/user/get_valid_username_new/', { first_name: 'Zoë', last_name: "O'Brien" })).toEqual({
      status: true,
      username: 'zoe.o.brien',
    });
    expect(await admin.postJson('/user/get_valid_username_new/', { email: 'j.doe+news@example.com' })).toEqual({
      status: true,
      username: 'j.doe.news',
    });
    expect((await admin.post('/user/get_valid_username_new/', {})).status).toBe(400);
  });
});

describe('register/', () => {
  it('creates one user with the account settings, the type’s expiry and the flags over the defaults, audited', async () => {
    const before = await userCount();
    const reply = await admin.postJson<{
      status: boolean;
      msg: string;
      data: { row: number; user_id: number; username: string; email: string }[];
    }>(
      '/user/register/',
      registerForm(
        [
          {
            first_name: ' Maria ',
            last_name: 'Gómez',
            email: 'Maria.Gomez@Example.com',
            phone: '555-0100 x12',
            password: 'harbor.2026x',
          },
        ],
        {
          user_type: 'customer',
          data_plan: JSON.stringify(['shareholder_data']),
          startup_screen: `${P}Dashboard`,
          flags: JSON.stringify({ crypto: true, tr_src: 's&p', rms_version: 'v2' }),
        },
      ),
    );
    expect(reply).toMatchObject({
      status: true,
      msg: 'Created 1 user.',
      data: [{ row: 0, username: 'maria.gomez', email: 'maria.gomez@example.com' }],
    });
    expect(await userCount()).toBe(before + 1);
    const user = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', reply.data[0]!.user_id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      first_name: 'Maria',
      last_name: 'Gómez',
      email: 'maria.gomez@example.com',
      organization_id: orgs['Northwind Capital'],
      user_type: 'customer',
      user_category: 'general',
      owner: 'owner1',
      product_configuration: `${P}_basic`,
      phone: '555-0100 x12',
      active: 1,
      deleted: 0,
      startup_screen: `${P}Dashboard`,
      updated_by: expect.stringMatching(/^creator/),
      expiry_dt: Date.UTC(2027, 10, 21),
      created_at: MORNING.getTime(),
    });
    // §5: shareholder data brings the data plan with it.
    expect(JSON.parse(user.data_plan)).toEqual([`${P}_data`, 'shareholder_data']);
    expect(JSON.parse(user.flags)).toMatchObject({
      crypto: true,
      socialsearch: false,
      tr_src: 's&p',
      rms_version: 'v2',
      rr_pro: 'tri',
      send_email: true,
    });
    expect(await verifyPassword('harbor.2026x', user.password_hash!)).toBe(true);
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user created')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ category: 'user', success: 1, previous_data: null });
    const current = JSON.parse(audit.current_data!);
    expect(current).toMatchObject({
      id: user.id,
      email: 'maria.gomez@example.com',
      organization: 'Northwind Capital',
      expiry_dt: '11-21-2027',
    });
    expect(audit.current_data).not.toMatch(/password|scrypt/);
  });

  it('keeps a given expiry, stores no password when none is given, and sends no mail unless asked', async () => {
    const reply = await admin.postJson<{ data: { user_id: number }[] }>(
      '/user/register/',
      registerForm([person(1)], { expiry_dt: '12-31-3000' }),
    );
    const user = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', reply.data[0]!.user_id)
      .executeTakeFirstOrThrow();
    expect(user.expiry_dt).toBe(Date.UTC(3000, 11, 31));
    expect(user.password_hash).toBeNull();
    expect(await server.db.selectFrom('mail_outbox').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('lets a creator without the guarding keys send the defaults, as the panel does, from any time zone', async () => {
    const support = await staffBrowser(['admin_panel_access', 'user_mgmt', 'create_user_tab']);
    const defaults = JSON.stringify({ crypto: false, tr_src: 'none', rr_pro: 'tri', restrict_upload: true });
    // The panel counts the default from the person's own today: a day either side of the UTC one.
    for (const [n, expiry] of [
      [16, '12-06-2026'],
      [17, '12-05-2026'],
      [18, '12-07-2026'],
      [19, ''],
    ] as const) {
      const reply = await support.postJson<{ data: { user_id: number }[] }>(
        '/user/register/',
        registerForm([person(n)], { expiry_dt: expiry, flags: defaults }),
      );
      const user = await server.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', reply.data[0]!.user_id)
        .executeTakeFirstOrThrow();
      expect(user.expiry_dt).toBe(Date.UTC(2026, 11, expiry ? Number(expiry.slice(3, 5)) : 6));
      expect(JSON.parse(user.flags)).toMatchObject({ crypto: false, restrict_upload: true });
    }
  });

  it('writes a welcome email per user into the outbox when asked, and lists them newest first', async () => {
    const reply = await admin.postJson<{ msg: string; data: { user_id: number; username: string }[] }>(
      '/user/register/',
      registerForm([person(2), person(3)], { send_email: 'true' }),
    );
    expect(reply.msg).toBe('Created 2 users. 2 emails were written to the outbox (no mail server is configured).');
    const outbox = await admin.send('GET', '/user/fetch_outbox/');
    const { data } = (await outbox.json()) as {
      data: { to_email: string; status: string; subject: string; body_text: string; kind: string }[];
    };
    expect(data.slice(0, 2).map((m) => [m.to_email, m.status, m.kind])).toEqual([
      ['ann3@example.com', 'stored', 'welcome'],
      ['ann2@example.com', 'stored', 'welcome'],
    ]);
    expect(data[0]!.subject).toBe(`Welcome to Product`);
    expect(data[0]!.body_text).toContain(`Username: ${reply.data[1]!.username}`);
    const one = (await (await admin.send('GET', `/user/fetch_outbox/?user_id=${reply.data[0]!.user_id}`)).json()) as {
      data: { to_email: string }[];
    };
    expect(one.data.map((m) => m.to_email)).toEqual(['ann2@example.com']);
  });

  it('gives every row without a username a free one, unique within the batch and against the database', async () => {
    const rows: Record<string, string>[] = [
      { first_name: 'Kai', last_name: 'Berg', email: 'kai1@example.com' },
      { first_name: 'Kai', last_name: 'Berg', email: 'kai2@example.com', username: 'KAI.BERG3' },
      { first_name: 'Kai', last_name: 'Berg', email: 'kai3@example.com' },
      { first_name: 'Kai', last_name: 'Berg', email: 'kai4@example.com' },
    ];
    await admin.postJson(
      '/user/register/',
      registerForm([{ first_name: 'Kai', last_name: 'Berg', email: 'kai0@example.com' }]),
    );
    const reply = await admin.postJson<{ data: { username: string }[] }>('/user/register/', registerForm(rows));
    expect(reply.data.map((r) => r.username)).toEqual(['kai.berg2', 'KAI.BERG3', 'kai.berg4', 'kai.berg5']);
  });

  describe('refusals: nothing is created and the reason is named per field', () => {
    let before: number;
    let auditBefore: number;
    beforeEach(async () => {
      before = await userCount();
      auditBefore = await userAuditCount();
    });
    afterEach(async () => {
      expect(await userCount()).toBe(before);
      expect(await userAuditCount()).toBe(auditBefore);
    });

    const refusal = async (form: Record<string, string>, b = admin) => {
      const res = await b.post('/user/register/', form);
      const reply = (await res.json()) as { status: boolean; msg: string; fields: Record<string, string> };
      // A refusal naming fields is a 400 (decision 042); one of the whole call a 200 with status false.
      expect(res.status).toBe(Object.keys(reply.fields).length ? 400 : 200);
      expect(reply.status).toBe(false);
      return reply;
    };

    it('refuses a data plan the category may not hold, with the §5 message', async () => {
      const reply = await refusal(
        registerForm([person(10)], { user_category: 'ir', data_plan: JSON.stringify([`${P}_alt_data`]) }),
      );
      expect(reply.fields).toEqual({ data_plan: dataPlanMessages(P).categoryForbidsData });
      expect(reply.msg).toBe('Nothing was created: the account settings need changes.');
    });

    it('refuses customer types without allow_customer_type and staff without staff_role_change', async () => {
      const b = await staffBrowser(['admin_panel_access', 'create_user_tab']);
      expect((await refusal(registerForm([person(11)], { user_type: 'grace_customer' }), b)).fields).toEqual({
        user_type: CREATE_TEXT.customerTypes,
      });
      expect((await refusal(registerForm([person(11)], { user_type: 'is_staff' }), b)).fields).toEqual({
        user_type: CREATE_TEXT.staffType,
      });
    });

    it('refuses an unknown organization, an owner who is not staff, unknown items, flags and choices', async () => {
      const reply = await refusal(
        registerForm([person(12)], {
          organization_id: '999999',
          [names.owner]: 'maria.gomez',
          product_configuration: 'other',
          startup_screen: 'nowhere',
          data_plan: JSON.stringify(['gold']),
          flags: JSON.stringify({ unknown_flag: true, rms_version: 'v9', crypto: 'yes' }),
        }),
      );
      expect(reply.fields).toEqual({
        organization_id: CREATE_TEXT.noOrganization,
        owner: CREATE_TEXT.owner,
        product_configuration: CREATE_TEXT.configuration,
        startup_screen: CREATE_TEXT.startupScreen,
        data_plan: 'Unknown data plan item: gold.',
        flags: 'Unknown flag unknown_flag. RMS version must be one of v1, v2. Flag crypto must be true or false.',
      });
    });

    it('refuses a transcript source other than the default without tr_src_toggle', async () => {
      const b = await staffBrowser(['admin_panel_access', 'create_user_tab']);
      expect(
        (await refusal(registerForm([person(13)], { flags: JSON.stringify({ tr_src: 'tri' }) }), b)).fields,
      ).toEqual({ flags: 'Transcript source needs the ‘Change transcript source’ permission.' });
    });

    // Issue 25: support (no expiry_update) made a Trial expiring 12-31-2999. A field a key guards on
    // edit (EDIT_FIELD_FEATURES) is guarded the same way on create: away from its §4 default it needs the key.
    it('refuses a guarded field set away from its default without the key that guards it on edit, one user or many', async () => {
      const support = await staffBrowser(['admin_panel_access', 'user_mgmt', 'create_user_tab', 'bulk_user_creation']);
      const expiry = await refusal(registerForm([person(14)], { expiry_dt: '12-31-2999' }), support);
      expect(expiry.fields).toEqual({
        expiry_dt:
          'An expiry other than the user type’s default (12-06-2026) needs the ‘Change expiry date’ permission.',
      });
      const flags = await refusal(
        registerForm([person(14), person(15)], {
          flags: JSON.stringify({ crypto: true, rr_pro: 'fds', restrict_upload: true }),
        }),
        support,
      );
      expect(flags.fields).toEqual({
        flags:
          'Crypto needs the ‘Product beta settings’ permission. Research provider needs the ‘Change transcript source’ permission.',
      });
      expect(flags.msg).toBe('Nothing was created: the account settings need changes.');
    });

    it('refuses repeats inside the batch and emails or usernames the database holds, in any case', async () => {
      const reply = await refusal(
        registerForm([
          person(20, { username: 'dup.name' }),
          person(21, { username: 'DUP.NAME' }),
          person(20),
          { first_name: 'X', last_name: 'Y', email: 'MARIA.GOMEZ@example.com' },
          person(22, { username: 'Taken.PERSON' }),
          person(23),
        ]),
      );
      expect(reply.fields).toEqual({
        'users.1.username': 'The same username as row 1.',
        'users.2.email': 'The same email as row 1.',
        'users.3.email': CREATE_TEXT.emailTaken,
        'users.4.username': CREATE_TEXT.usernameTaken,
      });
      expect(reply.msg).toBe('Nothing was created: 4 rows need changes.');
    });

    it('refuses several users at once without bulk_user_creation', async () => {
      const b = await staffBrowser(['admin_panel_access', 'create_user_tab']);
      expect((await refusal(registerForm([person(30), person(31)]), b)).msg).toBe(
        'Creating several users at once needs the ‘Create users in bulk’ permission.',
      );
    });

    it('answers field errors of the shared schema with 400 for malformed rows', async () => {
      const res = await admin.post(
        '/user/register/',
        registerForm([{ first_name: '', last_name: 'Lee', email: 'not-an-email', password: 'short' }]),
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
        'users.0.first_name': FIELD_MESSAGES.required('First name'),
        'users.0.email': FIELD_MESSAGES.email,
        'users.0.password': FIELD_MESSAGES.password,
      });
    });

    it('names a last name over the limit at its field, with the limit in words', async () => {
      const res = await admin.post('/user/register/', registerForm([person(40, { last_name: 'L'.repeat(314) })]));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        status: false,
        msg: 'At most 150 characters.',
        fields: { 'users.0.last_name': 'At most 150 characters.' },
      });
      const step = await admin.post('/user/register/', registerForm([person(41)], { [names.owner]: 'o'.repeat(151) }));
      expect(await step.json()).toMatchObject({ status: false, fields: { owner: 'At most 150 characters.' } });
    });
  });

  it('creates a thousand users in one call, or none when one row is wrong', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      first_name: `Bulk${i % 7}`,
      last_name: 'Person',
      email: `bulk${i}@example.com`,
      phone: '555 0100',
    }));
    const bad = [...rows.slice(0, 999), { ...rows[999]!, email: 'maria.gomez@example.com' }];
    const before = await userCount();
    const refused = await admin.post('/user/register/', registerForm(bad));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      status: false,
      fields: { 'users.999.email': CREATE_TEXT.emailTaken },
    });
    expect(await userCount()).toBe(before);

    const started = performance.now();
    const reply = await admin.postJson<{ status: boolean; data: { username: string }[] }>(
      '/user/register/',
      registerForm(rows, { send_email: 'true' }),
    );
    const ms = performance.now() - started;
    expect(reply.status).toBe(true);
    expect(new Set(reply.data.map((r) => r.username.toLowerCase())).size).toBe(1000);
    expect(await userCount()).toBe(before + 1000);
    expect(
      (await server.db.selectFrom('mail_outbox').select('id').where('to_email', 'like', 'bulk%').execute()).length,
    ).toBe(1000);
    expect(
      (await server.db.selectFrom('audit_log').select('id').where('action', '=', 'user created').execute()).length,
    ).toBeGreaterThanOrEqual(1000);
    console.log(`register/ with 1,000 rows: ${ms.toFixed(0)} ms`);
  });

  it('lets exactly one of two simultaneous requests create the same person', async () => {
    const form = registerForm([{ first_name: 'Twin', last_name: 'Request', email: 'twin@example.com' }]);
    const other = await staffBrowser(ALL_USER_FEATURES);
    const replies = await Promise.all([admin.post('/user/register/', form), other.post('/user/register/', form)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    const bodies = (await Promise.all(replies.map((r) => r.json()))) as {
      status: boolean;
      fields?: Record<string, string>;
    }[];
    expect(bodies.filter((b) => b.status)).toHaveLength(1);
    expect(bodies.find((b) => !b.status)!.fields).toEqual({ 'users.0.email': CREATE_TEXT.emailTaken });
    expect(
      await server.db.selectFrom('users').select('id').where('email', '=', 'twin@example.com').execute(),
    ).toHaveLength(1);
  });
});

describe('welcome and invitation emails', () => {
  it('re-sends the welcome email of an existing user, audited, and refuses an unknown user', async () => {
    const [user] = (
      await admin.postJson<{ data: { user_id: number }[] }>('/user/register/', registerForm([person(40)]))
    ).data;
    expect(await admin.postJson('/user/send_welcome_email/', { user_id: String(user!.user_id) })).toEqual({
      status: true,
      msg: 'Welcome email to ann40@example.com: The email was written to the outbox (no mail server is configured).',
    });
    const row = await server.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', user!.user_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'welcome',
      to_email: 'ann40@example.com',
      status: 'stored',
      author: expect.stringMatching(/^creator/),
    });
    expect(
      await server.db.selectFrom('audit_log').select('action').where('action', '=', 'welcome email').execute(),
    ).toHaveLength(1);
    expect(await admin.postJson('/user/send_welcome_email/', { user_id: '999999' })).toEqual({
      status: false,
      msg: 'No such user.',
    });
  });

  it('writes an invitation to an address, naming the organization, audited', async () => {
    const reply = await admin.postJson('/user/pre_register_email_send/', {
      email: 'Invitee@Example.com',
      first_name: 'Ivy',
      organization_id: String(orgs['Harbor Lights']),
    });
    expect(reply).toEqual({
      status: true,
      msg: 'Invitation to invitee@example.com: The email was written to the outbox (no mail server is configured).',
    });
    const row = await server.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'pre_register')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ to_email: 'invitee@example.com', user_id: null, status: 'stored' });
    expect(row.body_text).toContain('as part of Harbor Lights');
    expect(
      await admin.postJson('/user/pre_register_email_send/', { email: 'x@example.com', organization_id: '999999' }),
    ).toEqual({ status: false, msg: 'This organization does not exist.' });
  });
});
