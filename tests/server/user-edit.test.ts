// The edit screen's calls: one user's record, its save (versions, permissions, rules, the
// organisation and email effects, roles, audit) and administrator privileges. On SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RecordHistoryReply } from '../../src/domain/audit-log';
import { FEATURE_KEYS } from '../../src/domain/features';
import { defaultFlags } from '../../src/domain/user-fields';
import { dataPlanMessages } from '../../src/domain/user-rules';
import { BadRequestReply } from '../../src/domain/field-errors';
import { AdminPrivilegesReply, FetchUsersReply, UpdateAccountReply, type UserChanges } from '../../src/domain/users';
import { ownerFromWire } from '../../src/domain/product';
import { verifyPassword } from '../../server/auth/passwords';
import { UPDATE_MESSAGES } from '../../server/users/update';
import { featureLabel } from '../../src/domain/feature-labels';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { MORNING, startFakeClock, stopFakeClock } from './support/clock';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

const ALL = [...FEATURE_KEYS];
const EDITOR = ['admin_panel_access', 'user_mgmt', 'edit_user'];
const P = 'product';

let server: TestServer;
let counter = 0;
let orgs: { a: number; b: number };
beforeAll(async () => {
  server = await createTestServer();
  const now = Date.now();
  const insert = (name: string) =>
    server.db
      .insertInto('organizations')
      .values({ name, salesforce_id: `SF-${name}`, sf_acc_id: `ACC-${name}`, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  orgs = { a: (await insert('Northwind Capital')).id, b: (await insert('Granite Peak Partners')).id };
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => startFakeClock());
afterEach(() => stopFakeClock());

async function staff(features: string[]): Promise<Browser & { username: string; id: number }> {
  const s = await server.createStaff({ username: `editor${++counter}`, features, activated: true });
  const b = await signIn(server, s);
  const row = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', s.username)
    .executeTakeFirstOrThrow();
  return Object.assign(b, { username: s.username, id: row.id });
}

async function managedUser(
  over: Partial<{
    email: string;
    username: string;
    user_type: string;
    user_category: string;
    data_plan: string[];
    flags: Record<string, boolean | string>;
    organization_id: number;
  }> = {},
) {
  const n = ++counter;
  const now = Date.now();
  const row = await server.db
    .insertInto('users')
    .values(
      userRow({
        username: over.username ?? `user${n}`,
        email: over.email ?? `user${n}@northwind.example`,
        first_name: 'Ada',
        last_name: `Lovelace${n}`,
        organization_id: over.organization_id ?? orgs.a,
        user_type: over.user_type ?? 'trial',
        user_category: over.user_category ?? 'general',
        user_role: 'Analyst',
        owner: 'admin',
        product_configuration: `${P}_basic`,
        data_plan: JSON.stringify(over.data_plan ?? [`${P}_data`]),
        expiry_dt: Date.UTC(2027, 0, 31),
        flags: JSON.stringify({ ...defaultFlags(P), ...over.flags }),
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type Reply = v.InferOutput<typeof UpdateAccountReply> | BadRequestReply;

async function fetchUser(b: Browser, id: number) {
  const raw = await b.postJson<{ data: Record<string, unknown>[] }>('/user/fetch_users_by_account_id/', {
    account_id: String(id),
  });
  const reply = v.parse(FetchUsersReply, { ...raw, data: raw.data.map((u) => ownerFromWire(P, u)) });
  return reply.data[0]!;
}

async function save(
  b: Browser,
  id: number,
  version: number,
  changes: UserChanges,
  extra: Record<string, string> = {},
): Promise<Reply> {
  const res = await b.post('/user/update_account/', {
    user_id: String(id),
    version: String(version),
    changes: JSON.stringify(changes),
    ...extra,
  });
  // Refused fields are a 400 naming each request field (decision 042), the save's own keys kept.
  if (res.status === 400)
    return v.parse(
      v.looseObject({
        ...BadRequestReply.entries,
        isPositive: v.optional(v.literal(false)),
        isUpdated: v.optional(v.literal(false)),
        message: v.optional(v.string()),
      }),
      await res.json(),
    );
  const raw = (await res.json()) as Record<string, unknown>;
  // A lost race is a 409 carrying the stored user; every other answer a 200.
  expect(res.status).toBe(raw['conflict'] === true ? 409 : 200);
  return v.parse(
    UpdateAccountReply,
    'user' in raw ? { ...raw, user: ownerFromWire(P, raw['user'] as Record<string, unknown>) } : raw,
  );
}

const auditOf = async (fragment: string) =>
  (await server.db.selectFrom('audit_log').selectAll().where('category', '=', 'user').orderBy('id').execute()).filter(
    (r) => r.action.includes(fragment),
  );
const storedVersion = async (id: number) =>
  Number(
    (await server.db.selectFrom('users').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version,
  );

describe('fetch_users_by_account_id/', () => {
  it('answers full records in the order asked, with the owner under its wire name', async () => {
    const b = await staff(EDITOR);
    const [first, second] = [await managedUser(), await managedUser()];
    const raw = await b.postJson<{ data: Record<string, unknown>[]; role_choices?: unknown }>(
      '/user/fetch_users_by_account_id/',
      { account_id: `${second},${first},999999` },
    );
    expect(raw.data.map((u) => u['id'])).toEqual([second, first]);
    expect(raw.data[0]).toMatchObject({
      product_owner: 'admin',
      organization: 'Northwind Capital',
      sf_acc_id: 'ACC-Northwind Capital',
      version: 1,
    });
    expect(raw.data[0]).not.toHaveProperty('owner');
    expect(raw.role_choices).toBeUndefined();
  });

  it('offers every role to a session that may change staff roles', async () => {
    const b = await staff([...EDITOR, 'staff_role_change']);
    const reply = v.parse(FetchUsersReply, {
      ...(await b.postJson('/user/fetch_users_by_account_id/', { account_id: String(await managedUser()) })),
      data: [],
    });
    const names = (await server.db.selectFrom('roles').select('name').orderBy('name').execute()).map((r) => r.name);
    expect(reply.role_choices!.map((r) => r.name)).toEqual(names);
  });

  it('shows deleted users only to sessions holding deleted_user', async () => {
    const id = await managedUser();
    await server.db.updateTable('users').set({ deleted: 1 }).where('id', '=', id).execute();
    expect(
      (
        await (
          await staff(EDITOR)
        ).postJson<{ data: unknown[] }>('/user/fetch_users_by_account_id/', { account_id: String(id) })
      ).data,
    ).toEqual([]);
    expect(
      (
        await (
          await staff([...EDITOR, 'deleted_user'])
        ).postJson<{ data: unknown[] }>('/user/fetch_users_by_account_id/', { account_id: String(id) })
      ).data,
    ).toHaveLength(1);
  });
});

describe('update_account/: a plain save', () => {
  it('writes the changed fields, bumps the version, names who saved and when, and audits exactly the changes', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser();
    const { last_name } = await fetchUser(b, id);
    const reply = await save(b, id, 1, {
      first_name: 'Augusta',
      last_name,
      phone: '212-555-0100',
      flags: { restrict_annot: true, disable_note_as_mail: false },
    });
    expect(reply).toMatchObject({ status: true, isPositive: true, isUpdated: true, message: 'User updated.' });
    if (!reply.status) throw new Error('refused');
    expect(reply.user).toMatchObject({
      first_name: 'Augusta',
      phone: '212-555-0100',
      version: 2,
      updated_by: b.username,
      updated_at: MORNING.getTime(),
    });
    expect(reply.user.flags['restrict_annot']).toBe(true);
    const [row] = await auditOf(`#${id})`);
    expect(row).toMatchObject({ author: b.username, created_at: MORNING.getTime() });
    expect(row!.action).toMatch(/^user updated: user\d+ \(#\d+\)$/);
    // last_name was sent unchanged and disable_note_as_mail was already off: neither is a change.
    expect(JSON.parse(row!.previous_data!)).toEqual({
      first_name: 'Ada',
      phone: null,
      flags: { restrict_annot: false },
    });
    expect(JSON.parse(row!.current_data!)).toEqual({
      first_name: 'Augusta',
      phone: '212-555-0100',
      flags: { restrict_annot: true },
    });
  });

  it('answers "nothing changed" without writing when the values are the stored ones', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser();
    const reply = await save(b, id, 1, { first_name: 'Ada', data_plan: [`${P}_data`] });
    expect(reply).toMatchObject({ status: true, isUpdated: false, message: UPDATE_MESSAGES.unchanged });
    expect(await storedVersion(id)).toBe(1);
    expect(await auditOf(`#${id})`)).toEqual([]);
  });

  it('hashes a new password and never puts it, or its hash, in the audit', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser();
    const reply = await save(b, id, 1, { password: 'correcthorse9' });
    expect(reply).toMatchObject({ status: true, isUpdated: true });
    const { password_hash } = await server.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('correcthorse9', password_hash!)).toBe(true);
    const [row] = await auditOf(`#${id})`);
    expect(row!.action).toMatch(/^password changed: /);
    expect(`${row!.previous_data} ${row!.current_data}`).not.toMatch(/correcthorse9|scrypt|password/);
  });

  it('refuses a password that breaks the §5 rule with 400 and a field error', async () => {
    const b = await staff(EDITOR);
    const res = await b.post('/user/update_account/', {
      user_id: String(await managedUser()),
      version: '1',
      changes: JSON.stringify({ password: 'short1' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: false,
      fields: { 'changes.password': expect.stringMatching(/^Passwords need at least 10/) },
    });
  });

  it('names a last name over the limit at its field, with the limit, and saves nothing', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser();
    const reply = await save(b, id, 1, { last_name: 'L'.repeat(314) });
    expect(reply).toMatchObject({
      status: false,
      msg: 'At most 150 characters.',
      fields: { 'changes.last_name': 'At most 150 characters.' },
    });
    expect(await storedVersion(id)).toBe(1);
  });

  it('keeps email and username unique whatever their case', async () => {
    const b = await staff(EDITOR);
    await managedUser({ email: 'taken@northwind.example', username: 'TakenName' });
    const id = await managedUser();
    const byEmail = await save(b, id, 1, { email: 'TAKEN@Northwind.example' }, { email_change: 'same' });
    expect(byEmail).toMatchObject({
      status: false,
      fields: { 'changes.email': 'That email is already used by another user.' },
    });
    const byName = await save(b, id, 1, { username: 'takenname' });
    expect(byName).toMatchObject({
      status: false,
      fields: { 'changes.username': 'That username is already used by another user.' },
    });
    expect(await storedVersion(id)).toBe(1);
  });

  it('takes an owner only from the owner group, as create does', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser();
    const refused = await save(b, id, 1, { owner: 'nobody-on-staff' });
    expect(refused).toMatchObject({
      status: false,
      fields: { 'changes.owner': 'Choose an owner from the list of staff.' },
    });
    expect(await storedVersion(id)).toBe(1);
    const owners = (await (await b.post('/user/get_product_owner_group/', {})).json()) as { result: { key: string }[] };
    const owner = owners.result[0]!.key;
    expect(await save(b, id, 1, { owner })).toMatchObject({ status: true });
  });

  it('refuses unknown flags and wrong choice values', async () => {
    const b = await staff([...EDITOR, 'tr_src_toggle']);
    const id = await managedUser();
    const reply = await save(b, id, 1, { flags: { no_such_flag: true, rms_version: 'v9', tr_src: true } });
    expect(reply).toMatchObject({
      status: false,
      fields: {
        'changes.flags.no_such_flag': 'There is no flag named no_such_flag.',
        'changes.flags.rms_version': 'Choose one of v1, v2.',
        'changes.flags.tr_src': 'Choose one of none, tri, s&p.',
      },
    });
  });
});

describe('update_account/: versions', () => {
  it('answers a save from an older version with the stored record and writes nothing', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser();
    const opened = await fetchUser(b, id);
    expect((await save(b, id, 1, { first_name: 'First' })).status).toBe(true);
    const auditBefore = (await auditOf(`#${id})`)).length;
    const reply = await save(b, id, 1, { last_name: 'Second' });
    expect(reply).toMatchObject({ status: false, conflict: true, message: UPDATE_MESSAGES.conflict });
    if (!('conflict' in reply)) throw new Error('no conflict');
    expect(reply.user).toMatchObject({ first_name: 'First', version: 2, updated_by: b.username });
    expect((await fetchUser(b, id)).last_name).toBe(opened.last_name);
    expect(await auditOf(`#${id})`)).toHaveLength(auditBefore);
  });

  it('lets exactly one of two concurrent saves from the same version land', async () => {
    const [one, two] = [await staff(EDITOR), await staff(EDITOR)];
    const id = await managedUser();
    const replies = await Promise.all([
      save(one, id, 1, { first_name: 'One' }),
      save(two, id, 1, { first_name: 'Two', user_role: 'Trader' }),
    ]);
    const won = replies.filter((r) => r.status);
    const lost = replies.filter((r) => !r.status);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ conflict: true });
    const stored = await fetchUser(one, id);
    expect(stored.version).toBe(2);
    expect(stored.first_name).toBe(won[0]!.status && 'user' in won[0]! ? won[0].user.first_name : '');
    // The loser's other field did not land either.
    expect(stored.user_role).toBe(stored.first_name === 'Two' ? 'Trader' : 'Analyst');
    expect(await auditOf(`#${id})`)).toHaveLength(1);
  });

  it('keeps one winner when many saves race', async () => {
    const editors = await Promise.all(Array.from({ length: 6 }, () => staff(EDITOR)));
    const id = await managedUser();
    const replies = await Promise.all(editors.map((b, i) => save(b, id, 1, { first_name: `Racer${i}` })));
    expect(replies.filter((r) => r.status)).toHaveLength(1);
    expect(await storedVersion(id)).toBe(2);
  });
});

describe('update_account/: permissions', () => {
  const refusedFor = async (
    features: string[],
    changes: UserChanges,
    over: Parameters<typeof managedUser>[0] = {},
    extra: Record<string, string> = {},
  ) => {
    const b = await staff(features);
    const id = await managedUser(over);
    const reply = await save(b, id, 1, { first_name: 'Changed too', ...changes }, extra);
    expect(reply.status).toBe(false);
    expect(await storedVersion(id)).toBe(1);
    expect((await fetchUser(b, id)).first_name).toBe('Ada');
    return reply.message;
  };

  it.each([
    ['user type', 'user_type_update', { user_type: 'journalist' }],
    ['expiry', 'expiry_update', { expiry_dt: '12-31-2030' }],
    ['active switch', 'active_update', { active: false }],
    ['deleted switch', 'deleted_user', { deleted: true }],
    ['transcript source', 'tr_src_toggle', { flags: { tr_src: 'tri' } }],
    ['research provider', 'tr_src_toggle', { flags: { rr_pro: 'fds' } }],
    ['a product beta setting', 'prod_beta_subtab', { flags: { socialsearch: true } }],
  ] as const)('refuses the whole save when the %s changes without %s', async (_what, feature, changes) => {
    expect(await refusedFor(EDITOR, changes as UserChanges)).toContain(
      `needs the ‘${featureLabel(feature)}’ permission`,
    );
  });

  it('changes a restriction flag with edit_user alone, and a beta setting with prod_beta_subtab', async () => {
    const message = await refusedFor(EDITOR, { flags: { crypto: true, is_beta_user: true } });
    expect(message).toBe(
      'You may not change product beta settings (needs the ‘Product beta settings’ permission). Nothing was saved.',
    );
    const b = await staff(EDITOR);
    const id = await managedUser();
    expect((await save(b, id, 1, { flags: { restrict_upload: true } })).status).toBe(true);
    expect(await storedVersion(id)).toBe(2);
  });

  it('needs allow_customer_type to make a customer, and to change one', async () => {
    expect(await refusedFor([...EDITOR, 'user_type_update'], { user_type: 'customer' })).toContain(
      '‘Customer user types’',
    );
    expect(
      await refusedFor([...EDITOR, 'user_type_update'], { user_type: 'trial' }, { user_type: 'grace_customer' }),
    ).toContain('‘Customer user types’');
  });

  it('needs staff_role_change to make a user staff or stop them being staff', async () => {
    expect(await refusedFor([...EDITOR, 'user_type_update'], { user_type: 'is_staff' })).toContain(
      '‘Change staff roles’',
    );
    expect(
      await refusedFor([...EDITOR, 'user_type_update'], { user_type: 'trial' }, { user_type: 'is_staff' }),
    ).toContain('‘Change staff roles’');
  });

  it('needs br_user_email_change to change the email of a user with broker research on', async () => {
    const message = await refusedFor(
      EDITOR,
      { email: 'new@granite.example' },
      { flags: { researchreports: true } },
      { email_change: 'same' },
    );
    expect(message).toContain('‘Change the email of broker research users’');
  });

  it('names every missing permission at once', async () => {
    const message = await refusedFor(EDITOR, { user_type: 'journalist', active: false });
    expect(message).toBe(
      'You may not change the user type (needs the ‘Change user type’ permission); change whether the user is active (needs the ‘Activate and deactivate users’ permission). Nothing was saved.',
    );
  });

  it('saves what the features allow', async () => {
    const b = await staff([
      ...EDITOR,
      'user_type_update',
      'allow_customer_type',
      'expiry_update',
      'active_update',
      'tr_src_toggle',
    ]);
    const id = await managedUser();
    const reply = await save(b, id, 1, {
      user_type: 'customer',
      expiry_dt: '12-31-3000',
      active: false,
      flags: { tr_src: 'tri' },
    });
    expect(reply).toMatchObject({
      status: true,
      user: { user_type: 'customer', expiry_dt: '12-31-3000', active: false, flags: { tr_src: 'tri' } },
    });
  });
});

describe('update_account/: data plan rules (§5)', () => {
  const msgs = dataPlanMessages(P);

  it('refuses product data for IR and Workiva users with the §5 message', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser({ data_plan: [] });
    expect(await save(b, id, 1, { user_category: 'ir', data_plan: [`${P}_alt_data`] })).toMatchObject({
      status: false,
      message: msgs.categoryForbidsData,
      fields: { 'changes.data_plan': msgs.categoryForbidsData },
    });
    // The stored plan is checked against a new category too.
    const other = await managedUser({ data_plan: [`${P}_data`] });
    expect(await save(b, other, 1, { user_category: 'workiva' })).toMatchObject({
      status: false,
      message: msgs.categoryForbidsData,
    });
  });

  it('stores the reconciled plan: alternative data replaces data, shareholder data brings data, null goes', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser({ data_plan: [] });
    expect(await save(b, id, 1, { data_plan: [`${P}_data`, `${P}_alt_data`, 'null'] })).toMatchObject({
      status: true,
      user: { data_plan: [`${P}_alt_data`] },
    });
    expect(await save(b, id, 2, { data_plan: ['shareholder_data'] })).toMatchObject({
      status: true,
      user: { data_plan: [`${P}_data`, 'shareholder_data'] },
    });
    expect(await save(b, id, 3, { data_plan: ['null'] })).toMatchObject({ status: true, user: { data_plan: [] } });
    expect(await save(b, id, 4, { data_plan: ['gold_data'] })).toMatchObject({
      status: false,
      fields: { 'changes.data_plan': 'Unknown data plan item: gold_data.' },
    });
  });
});

describe('update_account/: organization change', () => {
  async function userInGroups() {
    const id = await managedUser({ flags: { researchreports: true, br_manager: true, crypto: true } });
    const now = Date.now();
    const groups = await server.db
      .insertInto('user_groups')
      .values([
        { name: `Thesis ${id}`, kind: 'thesis', organization_id: orgs.a, created_at: now },
        { name: `Collab ${id}`, kind: 'collab', organization_id: orgs.a, created_at: now },
      ])
      .returning('id')
      .execute();
    await server.db
      .insertInto('group_members')
      .values(groups.map((g) => ({ group_id: g.id, user_id: id })))
      .execute();
    return { id, groups: groups.map((g) => g.id).sort((a, b) => a - b) };
  }
  const memberships = async (id: number) =>
    (await server.db.selectFrom('group_members').select('group_id').where('user_id', '=', id).execute()).length;

  it('asks to confirm before moving a user, and writes nothing', async () => {
    const b = await staff(EDITOR);
    const { id } = await userInGroups();
    expect(await save(b, id, 1, { organization_id: orgs.b })).toMatchObject({
      status: false,
      message: UPDATE_MESSAGES.confirmOrg,
      fields: { org_change: UPDATE_MESSAGES.confirmOrg },
    });
    expect(await storedVersion(id)).toBe(1);
  });

  it('a different organization cancels broker research access and removes every group membership, in the same save', async () => {
    const b = await staff(EDITOR);
    const { id, groups } = await userInGroups();
    const reply = await save(b, id, 1, { organization_id: orgs.b }, { org_change: 'different' });
    expect(reply).toMatchObject({
      status: true,
      message:
        'User updated. Moved to Granite Peak Partners: broker research access cancelled and removed from 2 groups.',
    });
    expect(reply).toMatchObject({
      user: {
        organization_id: orgs.b,
        organization: 'Granite Peak Partners',
        flags: { researchreports: false, br_manager: false, crypto: true },
      },
    });
    expect(await memberships(id)).toBe(0);
    // The groups changed: a Group Management screen open on one is told (decision 048).
    expect(
      (await server.db.selectFrom('user_groups').select('version').where('id', 'in', groups).execute()).map(
        (g) => g.version,
      ),
    ).toEqual([2, 2]);
    const [row] = await auditOf(`#${id})`);
    expect(row!.action).toMatch(/^organization changed \(different org\): /);
    expect(JSON.parse(row!.previous_data!)).toEqual({
      organization_id: orgs.a,
      flags: { br_manager: true, researchreports: true },
      groups,
    });
    expect(JSON.parse(row!.current_data!)).toEqual({
      organization_id: orgs.b,
      flags: { br_manager: false, researchreports: false },
      groups: [],
    });
    // On the user's History as the screens say it (decision 094): organizations and groups by name,
    // each linked to its record; a group by the name it had, after it is deleted.
    await server.db.deleteFrom('user_groups').where('id', '=', groups[0]!).execute();
    const res = await b.send('GET', `/api/audit_log/history/?kind=user&id=${id}`);
    expect(res.status).toBe(200);
    const [entry] = v.parse(RecordHistoryReply, await res.json()).entries;
    const change = (field: string) => entry!.changes.find((c) => c.field === field);
    expect(change('organization_id')).toEqual({
      field: 'organization_id',
      label: 'Organization',
      before: 'Northwind Capital',
      after: 'Granite Peak Partners',
      before_refs: [{ kind: 'account', id: orgs.a, name: 'Northwind Capital' }],
      after_refs: [{ kind: 'account', id: orgs.b, name: 'Granite Peak Partners' }],
    });
    expect(change('groups')).toMatchObject({ label: 'Groups', before: `Thesis ${id}, Collab ${id}`, after: 'None' });
  });

  it('the same organization moves the user only, and reminds to rename in the CRM', async () => {
    const b = await staff(EDITOR);
    const { id } = await userInGroups();
    const reply = await save(b, id, 1, { organization_id: orgs.b, first_name: 'Augusta' }, { org_change: 'same' });
    expect(reply).toMatchObject({
      status: true,
      user: { organization_id: orgs.b, flags: { researchreports: true, br_manager: true } },
    });
    expect(reply.message).toContain(UPDATE_MESSAGES.crmOrg);
    expect(await memberships(id)).toBe(2);
    const [row] = await auditOf(`#${id})`);
    expect(row!.action).toMatch(/^user updated, organization changed \(same org\): /);
  });

  it('refuses an organization that does not exist', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser();
    expect(await save(b, id, 1, { organization_id: 987654 }, { org_change: 'different' })).toMatchObject({
      status: false,
      fields: { 'changes.organization_id': 'There is no such organization.' },
    });
  });
});

describe('update_account/: email change', () => {
  it('asks whether the address belongs to the same person', async () => {
    const b = await staff(EDITOR);
    const id = await managedUser();
    expect(await save(b, id, 1, { email: 'ada@granite.example' })).toMatchObject({
      status: false,
      message: UPDATE_MESSAGES.confirmEmail,
    });
  });

  it('a different person loses the broker research entitlements; both answers remind about the CRM contact', async () => {
    const b = await staff([...EDITOR, 'br_user_email_change']);
    const id = await managedUser({ flags: { researchreports: true, br_manager: true } });
    const reply = await save(b, id, 1, { email: 'Someone.Else@Granite.example' }, { email_change: 'different' });
    expect(reply).toMatchObject({
      status: true,
      user: { email: 'someone.else@granite.example', flags: { researchreports: false, br_manager: false } },
    });
    expect(reply.message).toContain(UPDATE_MESSAGES.crmEmail);
    const [row] = await auditOf(`#${id})`);
    expect(row!.action).toMatch(/^email changed \(different person\): /);

    const same = await managedUser({ flags: { researchreports: true } });
    const kept = await save(b, same, 1, { email: 'ada.new@northwind.example' }, { email_change: 'same' });
    expect(kept).toMatchObject({ status: true, user: { flags: { researchreports: true } } });
    expect(kept.message).toContain(UPDATE_MESSAGES.crmEmail);
  });
});

describe('update_account/: staff roles', () => {
  const roleIds = async () =>
    Object.fromEntries(
      (await server.db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
    );

  it('replaces the roles of a staff user', async () => {
    const b = await staff([...EDITOR, 'staff_role_change']);
    const target = await server.createStaff({ username: `colleague${++counter}`, features: ['admin_panel_access'] });
    const { id } = await server.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', target.username)
      .executeTakeFirstOrThrow();
    const roles = await roleIds();
    const wanted = [roles[`role for ${b.username}`]!];
    const reply = await save(b, id, 1, { staff_roles: wanted });
    expect(reply).toMatchObject({
      status: true,
      user: { staff_roles: [{ id: wanted[0], name: `role for ${b.username}` }] },
    });
    const [row] = await auditOf(`#${id})`);
    expect(JSON.parse(row!.current_data!)).toEqual({ staff_roles: wanted });
  });

  it('needs staff_role_change, and refuses roles for users who are not staff', async () => {
    const id = await managedUser();
    const roles = Object.values(await roleIds());
    expect((await save(await staff(EDITOR), id, 1, { staff_roles: [roles[0]!] })).message).toContain(
      '‘Change staff roles’',
    );
    expect(
      await save(await staff([...EDITOR, 'staff_role_change']), id, 1, { staff_roles: [roles[0]!] }),
    ).toMatchObject({ status: false, fields: { 'changes.staff_roles': 'Only staff users hold staff roles.' } });
  });

  it('will not let a person remove their own panel access or lock themselves out', async () => {
    const b = await staff([...ALL]);
    const self = await fetchUser(b, b.id);
    const roles = await roleIds();
    const noPanel = (
      await server.db
        .insertInto('roles')
        .values({ name: `viewer ${counter}`, features: '["user_mgmt"]', created_at: 0, updated_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await save(b, b.id, self.version, { staff_roles: [noPanel] })).toMatchObject({
      status: false,
      message: 'You cannot remove the last role that gives you admin panel access.',
    });
    expect(await save(b, b.id, self.version, { active: false })).toMatchObject({
      status: false,
      message: 'You cannot deactivate your own account.',
    });
    expect(await save(b, b.id, self.version, { user_type: 'trial' })).toMatchObject({
      status: false,
      message: 'You cannot stop being staff yourself.',
    });
    // Adding a role to oneself is refused, even one within one's own keys (the grant rule, grants.test.ts)…
    expect(
      await save(b, b.id, self.version, { staff_roles: [noPanel, roles[`role for ${b.username}`]!] }),
    ).toMatchObject({ status: false, message: expect.stringMatching(/You cannot add to your own roles/) });
    // …while giving one up, keeping a role with the panel, is fine.
    await server.db.insertInto('user_roles').values({ user_id: b.id, role_id: noPanel }).execute();
    expect(await save(b, b.id, self.version, { staff_roles: [roles[`role for ${b.username}`]!] })).toMatchObject({
      status: true,
    });
  });
});

describe('administrator privileges', () => {
  it('reads them, and a super admin sets them with an audit row of the changes', async () => {
    const b = await staff([...EDITOR, 'is_super_admin_user']);
    const id = await managedUser();
    expect(
      v.parse(AdminPrivilegesReply, await b.postJson('/user/get_admin_priviliges/', { user_id: String(id) })),
    ).toEqual({ status: true, msg: '', data: { is_super_admin_user: false, is_admin_wm: false, is_admin_ss: false } });
    // A super admin grants what they hold (the grant rule: is_admin_wm they do not hold, grants.test.ts).
    const set = await b.postJson('/user/set_admin_priviliges/', {
      user_id: String(id),
      privileges: JSON.stringify({ is_super_admin_user: true, is_admin_wm: false, is_admin_ss: false }),
    });
    expect(set).toEqual({
      status: true,
      msg: 'Administrator privileges updated.',
      data: { is_super_admin_user: true, is_admin_wm: false, is_admin_ss: false },
    });
    expect(
      (await b.postJson<{ data: unknown }>('/user/get_admin_priviliges/', { user_id: String(id) })).data,
    ).toMatchObject({ is_super_admin_user: true });
    const [row] = await auditOf('administrator privileges changed');
    expect(row).toMatchObject({
      author: b.username,
      previous_data: '{"is_super_admin_user":false}',
      current_data: '{"is_super_admin_user":true}',
    });
  });

  it('answers an unknown user with status false', async () => {
    const b = await staff([...EDITOR, 'is_super_admin_user']);
    expect(await b.postJson('/user/get_admin_priviliges/', { user_id: '999999' })).toMatchObject({
      status: false,
      msg: 'There is no such user.',
    });
    expect(
      await b.postJson('/user/set_admin_priviliges/', {
        user_id: '999999',
        privileges: JSON.stringify({ is_super_admin_user: true, is_admin_wm: true, is_admin_ss: true }),
      }),
    ).toMatchObject({ status: false });
  });

  it('is refused to editors who are not super admins', async () => {
    const b = await staff(EDITOR);
    const res = await b.post('/user/set_admin_priviliges/', {
      user_id: String(await managedUser()),
      privileges: JSON.stringify({ is_super_admin_user: true, is_admin_wm: true, is_admin_ss: true }),
    });
    expect(res.status).toBe(403);
  });
});
