// Bulk edit: the CSV of identifiers, the preview (writes nothing), the edit (one transaction,
// set-based, versioned, audited per user), and every status 0 refusal of spec §4/§8. On SQLite
// and, with TEST_DATABASE_URL, PostgreSQL.
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestReply } from '../../src/domain/auth';
import { FEATURE_KEYS } from '../../src/domain/features';
import { defaultFlags } from '../../src/domain/user-fields';
import { BulkApplyReply, BulkPreviewReply, UploadBulkEditReply, type BulkSelection } from '../../src/domain/users';
import { CSV_UPLOAD_MAX_ROWS, readIdentifierCsv, UNMATCHED_REASON } from '../../src/domain/csv-upload';
import { selectedUsers } from '../../server/users/selection';
import { insertOrganization, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

const P = 'product';
const ALL = [...FEATURE_KEYS];
let server: TestServer;
let admin: Browser & { id: number };
let counter = 0;
let org: number;
let otherOrg: number;

async function staff(features: string[]): Promise<Browser & { id: number }> {
  const s = await server.createStaff({ username: `bulker${++counter}`, features, activated: true });
  const b = await signIn(server, s);
  const row = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', s.username)
    .executeTakeFirstOrThrow();
  return Object.assign(b, { id: row.id });
}

beforeAll(async () => {
  server = await createTestServer();
  org = await insertOrganization(server.db, { name: 'Bulk Org' });
  otherOrg = await insertOrganization(server.db, { name: 'Quiet Org' });
  admin = await staff(ALL);
});
afterAll(async () => {
  await server.close();
});

interface Made {
  id: number;
  username: string;
  email: string;
}

async function users(
  count: number,
  over: {
    deleted?: boolean;
    active?: boolean;
    flags?: Record<string, boolean | string>;
    organization_id?: number;
    last_name?: string;
  } = {},
): Promise<Made[]> {
  const rows = Array.from({ length: count }, () => {
    const n = ++counter;
    return userRow({
      username: `bulk.user${n}`,
      email: `bulk${n}@bulk-org.example`,
      first_name: 'Bea',
      last_name: over.last_name ?? `Bulkley${n}`,
      organization_id: over.organization_id ?? org,
      expiry_dt: Date.UTC(2027, 0, 31),
      active: over.active === false ? 0 : 1,
      deleted: over.deleted ? 1 : 0,
      flags: JSON.stringify({ ...defaultFlags(P), ...over.flags }),
    });
  });
  const made: Made[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const ids = await server.db
      .insertInto('users')
      .values(rows.slice(i, i + 500))
      .returning(['id', 'username', 'email'])
      .execute();
    made.push(...ids.map((r) => ({ id: r.id, username: r.username, email: r.email })));
  }
  return made;
}

const ids = (list: Made[]): BulkSelection => ({ by: 'ids', ids: list.map((u) => u.id) });

async function call(path: string, selection: BulkSelection, changes: Record<string, unknown>, b: Browser = admin) {
  const res = await b.post(path, { selection: JSON.stringify(selection), changes: JSON.stringify(changes) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as unknown;
}
const preview = async (s: BulkSelection, c: Record<string, unknown>, b?: Browser) =>
  v.parse(BulkPreviewReply, await call('/user/bulk_edit_user_new/', s, c, b));
const apply = async (s: BulkSelection, c: Record<string, unknown>, b?: Browser) =>
  v.parse(BulkApplyReply, await call('/user/bulk_edit_user/', s, c, b));

async function stored(id: number) {
  const row = await server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    ...row,
    flags: JSON.parse(row.flags) as Record<string, unknown>,
    version: Number(row.version),
    updated_at: Number(row.updated_at),
    expiry_dt: row.expiry_dt === null ? null : Number(row.expiry_dt),
  };
}
const auditCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('upload_bulk_edit_data/', () => {
  async function upload(
    csv: string | Uint8Array<ArrayBuffer>,
    b: Browser = admin,
    name = 'people.csv',
    type = 'text/csv',
  ) {
    const form = new FormData();
    form.append('file', new File([csv], name, { type }));
    const res = await b.send('POST', '/user/upload_bulk_edit_data/', { body: form });
    return { status: res.status, body: (await res.json()) as unknown };
  }
  const refusal = async (csv: string | Uint8Array<ArrayBuffer>, name?: string, type?: string) => {
    const { status, body } = await upload(csv, admin, name, type);
    expect(status, JSON.stringify(body)).toBe(400);
    return v.parse(BadRequestReply, body).errors['file']?.[0];
  };
  const accepted = async (csv: string | Uint8Array<ArrayBuffer>) => {
    const { status, body } = await upload(csv);
    expect(status, JSON.stringify(body)).toBe(200);
    return v.parse(UploadBulkEditReply, body).data;
  };

  it('matches emails (any case), usernames and ids, skipping a header row, and reports each row not taken by its number', async () => {
    const [a, b, c] = await users(3);
    const [gone] = await users(1, { deleted: true });
    const csv = `email\r\n${a!.email.toUpperCase()}\r\n${b!.username}\r\n${c!.id}\r\n${gone!.email}\r\nnobody@nowhere.example\r\n\r\n${a!.email}\r\n"x@y.example",second column\r\n`;
    const data = await accepted(`\uFEFF${csv}`);
    expect(data.validDataPoints).toEqual([
      { id: a!.id, username: a!.username, email: a!.email, identifier: a!.email.toUpperCase() },
      { id: b!.id, username: b!.username, email: b!.email, identifier: b!.username },
      { id: c!.id, username: c!.username, email: c!.email, identifier: String(c!.id) },
    ]);
    // Only identifiers that were read and named nobody: never a whole line of several values.
    expect(data.inValidDataPoints).toEqual([gone!.email, 'nobody@nowhere.example']);
    expect(data.header).toBe('email');
    expect(data.rows).toBe(7);
    expect(data.report).toEqual([
      { row: 5, value: gone!.email, reason: UNMATCHED_REASON },
      { row: 6, value: 'nobody@nowhere.example', reason: UNMATCHED_REASON },
      { row: 8, value: a!.email, reason: 'Repeats row 2; counted once.' },
      {
        row: 9,
        value: 'x@y.example,second column',
        reason: '2 values in one row; put one email, username or user id per row.',
      },
    ]);
  });

  it('refuses a binary file whole instead of reading identifiers out of it', async () => {
    const bytes = new Uint8Array(4096);
    let seed = 7;
    for (let i = 0; i < bytes.length; i++) bytes[i] = (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;
    expect(await refusal(bytes)).toMatch(/^This is not a text CSV file\./);
    // Valid UTF-8 that holds NUL bytes (a file from a binary format) is no text file either.
    expect(await refusal(new Uint8Array([0x61, 0x40, 0x62, 0x2e, 0x63, 0x00, 0x00, 0x0a, 0x31, 0x0a]))).toBe(
      'This is not a text CSV file. It holds control bytes (as binary files do).',
    );
    expect(await refusal('a@b.example\n', 'people.png', 'image/png')).toBe(
      'This is not a text CSV file. Choose a .csv (or .txt) file.',
    );
    expect(await refusal('a@b.example\n', 'people.csv', 'application/octet-stream')).toBe(
      'This is not a text CSV file. Its type is application/octet-stream.',
    );
  });

  it('reports every row of a three-column file by its number, header included, and matches none of them', async () => {
    const [a, b] = await users(2);
    const data = await accepted(`email,first_name,last_name\n${a!.email},Bea,Bulkley\n${b!.email},Bo,Bulkley\n`);
    expect(data.validDataPoints).toEqual([]);
    expect(data.inValidDataPoints).toEqual([]);
    expect(data.header).toBeNull();
    expect(data.report.map((r) => [r.row, r.value, r.reason])).toEqual([
      [1, 'email,first_name,last_name', '3 values in one row; put one email, username or user id per row.'],
      [2, `${a!.email},Bea,Bulkley`, '3 values in one row; put one email, username or user id per row.'],
      [3, `${b!.email},Bo,Bulkley`, '3 values in one row; put one email, username or user id per row.'],
    ]);
  });

  it('reads CRLF and quoted values (commas, quotes and line breaks inside quotes) as one identifier each', async () => {
    const [a, b] = await users(2);
    await server.db.updateTable('users').set({ username: 'o"neil, jr' }).where('id', '=', b!.id).execute();
    const data = await accepted(`"user_id"\r\n"${a!.id}"\r\n"o""neil, jr"\r\n"two\r\nlines"\r\n`);
    expect(data.header).toBe('user_id');
    expect(data.validDataPoints.map((p) => [p.id, p.identifier])).toEqual([
      [a!.id, String(a!.id)],
      [b!.id, 'o"neil, jr'],
    ]);
    expect(data.report).toEqual([{ row: 4, value: 'two\r\nlines', reason: UNMATCHED_REASON }]);
  });

  it('refuses an empty file, a header alone, a quote never closed and more rows than one edit may change', async () => {
    expect(await refusal('')).toBe('The file is empty.');
    expect(await refusal('\r\n\r\n , \r\n')).toBe('The file holds no identifiers.');
    expect(await refusal('\uFEFFusername\r\n')).toBe('The file holds only its header (username) and no identifiers.');
    expect(await refusal('a@b.example\n"c@d.example\ne@f.example\n')).toBe(
      'Row 2: The quote opened in row 2 is never closed.',
    );
    const many = Array.from({ length: CSV_UPLOAD_MAX_ROWS + 1 }, (_, i) => String(i + 1)).join('\n');
    expect(await refusal(many)).toBe(`The file holds 100,001 rows; send at most 100,000.`);
  });

  it('matches usernames and emails stored in mixed case, whatever the case typed', async () => {
    const [u] = await users(1);
    await server.db
      .updateTable('users')
      .set({ username: `Mixed.Case${u!.id}`, email: `Mixed.Case${u!.id}@Bulk-Org.example` })
      .where('id', '=', u!.id)
      .execute();
    const res = await admin.post('/user/upload_bulk_edit_data/', {
      identifiers: JSON.stringify([`mixed.case${u!.id}`, `MIXED.CASE${u!.id}@BULK-ORG.EXAMPLE`]),
    });
    const reply = v.parse(UploadBulkEditReply, await res.json());
    expect(reply.data.validDataPoints).toEqual([
      {
        id: u!.id,
        username: `Mixed.Case${u!.id}`,
        email: `Mixed.Case${u!.id}@Bulk-Org.example`,
        identifier: `mixed.case${u!.id}`,
      },
    ]);
    expect(reply.data.inValidDataPoints).toEqual([]);
  });

  it('reads digits as a user id first, and as a username when no live user has that id', async () => {
    const [byId, digitsName] = await users(2);
    await server.db.updateTable('users').set({ username: '7654321' }).where('id', '=', digitsName!.id).execute();
    const res = await admin.post('/user/upload_bulk_edit_data/', {
      identifiers: JSON.stringify([String(byId!.id), '7654321', '7654322']),
    });
    const reply = v.parse(UploadBulkEditReply, await res.json());
    expect(reply.data.validDataPoints.map((p) => [p.id, p.identifier])).toEqual([
      [byId!.id, String(byId!.id)],
      [digitsName!.id, '7654321'],
    ]);
    expect(reply.data.inValidDataPoints).toEqual(['7654322']);
  });

  it('takes the identifiers as a JSON list too', async () => {
    const [a] = await users(1);
    const res = await admin.post('/user/upload_bulk_edit_data/', {
      identifiers: JSON.stringify([a!.username, 'ghost']),
    });
    const reply = v.parse(UploadBulkEditReply, await res.json());
    expect(reply.data.validDataPoints.map((p) => p.id)).toEqual([a!.id]);
    expect(reply.data.inValidDataPoints).toEqual(['ghost']);
  });

  it('asks for a file when given neither', async () => {
    const res = await admin.post('/user/upload_bulk_edit_data/', {});
    expect(res.status).toBe(400);
    expect(v.parse(BadRequestReply, await res.json()).errors['file']).toEqual(['Choose a CSV file.']);
  });

  it('treats the first row as a header only when it names the column', () => {
    const values = (csv: string) => {
      const read = readIdentifierCsv(new TextEncoder().encode(csv));
      return read.ok
        ? { identifiers: read.identifiers.map((i) => i.value), header: read.header, problems: read.problems }
        : read.reason;
    };
    expect(values('user_id\n12\n13\n')).toEqual({ identifiers: ['12', '13'], header: 'user_id', problems: [] });
    expect(values('12\n13')).toEqual({ identifiers: ['12', '13'], header: null, problems: [] });
    expect(values('a@b.example,\n,c@d.example\n')).toEqual({
      identifiers: ['a@b.example', 'c@d.example'],
      header: null,
      problems: [],
    });
    expect(values('\uFEFFid\r\nA@b.example\r\na@B.example\r\n')).toEqual({
      identifiers: ['A@b.example'],
      header: 'id',
      problems: [{ row: 3, value: 'a@B.example', reason: 'Repeats row 2; counted once.' }],
    });
  });
});

describe('bulk_edit_user_new/ (preview)', () => {
  it('counts who would change and who already holds the values, with a sample, writing nothing', async () => {
    const changing = await users(3);
    const same = await users(2, { active: false, flags: { rms_version: 'v2' } });
    const versions = await Promise.all([...changing, ...same].map(async (u) => (await stored(u.id)).version));
    const audits = await auditCount();
    const reply = await preview(ids([...changing, ...same]), { active: false, rms_version: 'v2' });
    expect(reply).toMatchObject({ status: 1, data: { matched: 5, changing: 3, unchanged: 2, unmatched: [] } });
    if (reply.status !== 1) throw new Error('expected a preview');
    expect(reply.data.sample.map((u) => u.id)).toEqual(changing.map((u) => u.id));
    expect(reply.data.sample[0]).toMatchObject({
      username: changing[0]!.username,
      organization: 'Bulk Org',
      active: true,
    });
    expect(await Promise.all([...changing, ...same].map(async (u) => (await stored(u.id)).version))).toEqual(versions);
    expect(await auditCount()).toBe(audits);
  });

  it('names the ids and identifiers that matched nobody, deleted users among them', async () => {
    const [live] = await users(1);
    const [gone] = await users(1, { deleted: true });
    const byIds = await preview({ by: 'ids', ids: [live!.id, gone!.id, 987654] }, { cgs: true });
    expect(byIds).toMatchObject({ status: 1, data: { matched: 1, unmatched: [String(gone!.id), '987654'] } });
    const byIdentifiers = await preview(
      { by: 'identifiers', identifiers: [live!.email, gone!.username, 'stranger'] },
      { cgs: true },
    );
    expect(byIdentifiers).toMatchObject({ status: 1, data: { matched: 1, unmatched: [gone!.username, 'stranger'] } });
  });
});

describe('bulk_edit_user/ (apply)', () => {
  it('sets columns and flags of the users that differ, bumping their version, and reports every user', async () => {
    const changing = await users(2, { flags: { openaccess: false } });
    const [already] = await users(1, { flags: { openaccess: true, tr_src: 'tri' } });
    await server.db
      .updateTable('users')
      .set({ expiry_dt: Date.UTC(2030, 5, 30), is_account_admin: 1 })
      .where('id', '=', already!.id)
      .execute();
    const before = await stored(changing[0]!.id);
    const reply = await apply(ids([...changing, already!]), {
      openaccess: true,
      expiry_dt: '06-30-2030',
      is_account_admin: true,
      tr_src: 'tri',
    });
    expect(reply).toEqual({
      status: 1,
      data: {
        updated: 2,
        unchanged: 1,
        refused: 0,
        unmatched: [],
        results: [
          {
            id: changing[0]!.id,
            username: changing[0]!.username,
            result: 'updated',
            changed: ['is_account_admin', 'expiry_dt', 'openaccess', 'tr_src'],
          },
          {
            id: changing[1]!.id,
            username: changing[1]!.username,
            result: 'updated',
            changed: ['is_account_admin', 'expiry_dt', 'openaccess', 'tr_src'],
          },
          { id: already!.id, username: already!.username, result: 'unchanged', changed: [] },
        ],
      },
    });
    const after = await stored(changing[0]!.id);
    expect(after).toMatchObject({
      is_account_admin: 1,
      expiry_dt: Date.UTC(2030, 5, 30),
      version: before.version + 1,
      updated_by: (await stored(admin.id)).username,
    });
    // The other flags are kept as they were.
    expect(after.flags).toEqual({ ...before.flags, openaccess: true, tr_src: 'tri' });
    expect((await stored(already!.id)).version).toBe(1);
  });

  it('audits each changed user with the previous and current values of what changed', async () => {
    const [u] = await users(1, { flags: { rms_version: 'v1' } });
    await apply(ids([u!]), { rms_version: 'v2', active: false });
    const rows = (await server.db.selectFrom('audit_log').selectAll().where('category', '=', 'user').execute()).filter(
      (r) => r.action.endsWith(`(#${u!.id})`),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe(`bulk edit (active, rms_version): ${u!.username} (#${u!.id})`);
    expect(JSON.parse(rows[0]!.previous_data!)).toEqual({
      user_id: u!.id,
      username: u!.username,
      active: true,
      rms_version: 'v1',
    });
    expect(JSON.parse(rows[0]!.current_data!)).toEqual({
      user_id: u!.id,
      username: u!.username,
      active: false,
      rms_version: 'v2',
    });
  });

  it('treats a flag never set as its default', async () => {
    const [u] = await users(1);
    await server.db.updateTable('users').set({ flags: '{}' }).where('id', '=', u!.id).execute();
    const reply = await apply(ids([u!]), { cgs: false, rms_version: 'v1' });
    expect(reply).toMatchObject({ status: 1, data: { updated: 0, unchanged: 1 } });
  });

  it('edits thousands of users in batches within one call', async () => {
    const many = await users(2_500, { organization_id: otherOrg });
    const reply = await apply(ids(many), { ftp_upload: true });
    expect(reply).toMatchObject({ status: 1, data: { updated: 2_500, unchanged: 0 } });
    const flagged = await server.db
      .selectFrom('users')
      .select('flags')
      .where('organization_id', '=', otherOrg)
      .execute();
    expect(flagged.every((r) => (JSON.parse(r.flags) as Record<string, unknown>)['ftp_upload'] === true)).toBe(true);
  });

  it('answers thousands of users exactly as before, and its outcome with the same text', async () => {
    const many = await users(2_500, { organization_id: otherOrg });
    const operationId = randomUUID();
    const res = await admin.post('/user/bulk_edit_user/', {
      selection: JSON.stringify(ids(many)),
      changes: JSON.stringify({ openaccess: true }),
      operation_id: operationId,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    // Written a slice at a time (decision 107), the body is the text JSON.stringify makes of it.
    const text = await res.text();
    const reply = v.parse(BulkApplyReply, JSON.parse(text));
    expect(text).toBe(JSON.stringify(reply));
    expect(reply).toEqual({
      status: 1,
      data: {
        updated: 2_500,
        unchanged: 0,
        refused: 0,
        unmatched: [],
        results: many.map((u) => ({ id: u.id, username: u.username, result: 'updated', changed: ['openaccess'] })),
      },
    });
    // The outcome answers the report as it was stored, in the same words.
    const asked = await admin.post('/user/bulk_edit_outcome/', { operation_id: operationId });
    expect(await asked.text()).toBe(
      JSON.stringify({ status: 1, data: { outcome: 'applied', report: (reply as { data: unknown }).data } }),
    );
  });

  it('selects "all matching" with the list\'s filter, live users only', async () => {
    const matching = await users(3, { last_name: 'Zebulonfilter' });
    await users(1, { last_name: 'Zebulonfilter', deleted: true });
    await users(1, { last_name: 'Otherfilter' });
    const reply = await apply(
      {
        by: 'filter',
        filter: {
          q: 'zebulonfil',
          user_type: '',
          user_category: '',
          organization_id: '',
          active: '',
          deleted: 'include',
        },
      },
      { rns_docs: true },
    );
    expect(reply.status === 1 && reply.data.results.map((r) => r.id)).toEqual(matching.map((u) => u.id));
    const only = await preview(
      {
        by: 'filter',
        filter: { q: 'zebulonfil', user_type: '', user_category: '', organization_id: '', active: '', deleted: 'only' },
      },
      { rns_docs: true },
    );
    expect(only).toEqual({ status: 0, data: 'No users matched the selection.' });
  });

  it('stops at the limit of users one edit may change', async () => {
    const list = await users(5);
    expect(await selectedUsers(server.db, ids(list), 4)).toEqual({ ok: false, tooMany: true, limit: 4 });
    expect(await selectedUsers(server.db, ids(list), 5)).toMatchObject({ ok: true, ids: list.map((u) => u.id) });
  });
});

describe('status 0: the edit cannot go ahead', () => {
  it.each([
    ['a field that is not bulk-editable', { first_name: 'x' }, "'first_name' is not a field a bulk edit can change."],
    ['a boolean sent as text', { active: 'yes' }, 'Active must be on or off.'],
    [
      'a date that is not MM-dd-yyyy',
      { expiry_dt: '2030-06-30' },
      'Expiry date: Enter a date as MM-dd-yyyy, no later than 12-31-3000.',
    ],
    [
      'a date after 3000',
      { expiry_dt: '01-01-3001' },
      'Expiry date: Enter a date as MM-dd-yyyy, no later than 12-31-3000.',
    ],
    ['a choice that is not an option', { rms_version: 'v3' }, 'RMS version must be one of v1, v2.'],
  ])('refuses %s, writing nothing', async (_what, changes, message) => {
    const [u] = await users(1);
    const audits = await auditCount();
    expect(await apply(ids([u!]), changes)).toEqual({ status: 0, data: message });
    expect(await preview(ids([u!]), changes)).toEqual({ status: 0, data: message });
    expect((await stored(u!.id)).version).toBe(1);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a field whose feature the session lacks', async () => {
    const limited = await staff(['admin_panel_access', 'user_mgmt', 'bulk_edit_user']);
    const [u] = await users(1);
    expect(await apply(ids([u!]), { expiry_dt: '01-01-2030' }, limited)).toEqual({
      status: 0,
      data: 'You may not change Expiry date in bulk: it needs the ‘Change expiry date’ permission.',
    });
    expect(await apply(ids([u!]), { active: false }, limited)).toEqual({
      status: 0,
      data: 'You may not change Active in bulk: it needs the ‘Activate and deactivate users’ permission.',
    });
    expect(await apply(ids([u!]), { tr_src: 'tri' }, limited)).toEqual({
      status: 0,
      data: 'You may not change Transcript source in bulk: it needs the ‘Change transcript source’ permission.',
    });
    expect(await apply(ids([u!]), { rr_pro: 'fds' }, limited)).toEqual({
      status: 0,
      data: 'You may not change Research provider in bulk: it needs the ‘Change transcript source’ permission.',
    });
    expect(await apply(ids([u!]), { cgs: true }, limited)).toMatchObject({ status: 1, data: { updated: 1 } });
  });

  it('refuses when no live user matches', async () => {
    const [gone] = await users(1, { deleted: true });
    expect(await apply(ids([gone!]), { cgs: true })).toEqual({ status: 0, data: 'No users matched the selection.' });
    expect(await apply({ by: 'identifiers', identifiers: ['ghost@nowhere.example'] }, { cgs: true })).toEqual({
      status: 0,
      data: 'No users matched the selection.',
    });
    expect((await stored(gone!.id)).flags['cgs']).toBe(false);
  });

  it('refuses to deactivate the author’s own account', async () => {
    const me = await staff(ALL);
    const [u] = await users(1);
    expect(await apply({ by: 'ids', ids: [u!.id, me.id] }, { active: false }, me)).toEqual({
      status: 0,
      data: 'The selection includes your own account, and you cannot deactivate your own account.',
    });
    expect((await stored(u!.id)).active).toBe(1);
  });

  it('answers long lists that are malformed or over the limit with a 400 naming the selection', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => i + 1);
    const bad = (list: unknown[], at: number, item: unknown) => list.map((x, i) => (i === at ? item : x));
    for (const selection of [
      { by: 'ids', ids: Array.from({ length: 100_001 }, (_, i) => i + 1) },
      { by: 'ids', ids: bad(many, 4_321, 'x') },
      { by: 'ids', ids: bad(many, 4_321, 0) },
      { by: 'ids', ids: bad(many, 4_321, 1.5) },
      { by: 'ids', ids: bad(many, 4_321, null) },
      { by: 'ids', ids: bad(many, 4_321, [7]) },
      { by: 'ids', ids: 'all of them' },
      { by: 'identifiers', identifiers: bad(many.map(String), 4_321, 'x'.repeat(255)) },
      { by: 'identifiers', identifiers: bad(many.map(String), 4_321, 42) },
    ]) {
      const res = await admin.post('/user/bulk_edit_user/', {
        selection: JSON.stringify(selection),
        changes: '{"cgs":true}',
      });
      const what = JSON.stringify(selection).slice(0, 60);
      expect(res.status, what).toBe(400);
      const body = v.parse(BadRequestReply, await res.json());
      expect(
        Object.keys(body.fields).some((f) => f.startsWith('selection')),
        what,
      ).toBe(true);
    }
  });

  it('still takes ids sent as digits, item by item', async () => {
    const [u] = await users(1);
    const reply = await apply({ by: 'ids', ids: [String(u!.id)] as unknown as number[] }, { cgs: true });
    expect(reply).toMatchObject({ status: 1, data: { updated: 1, results: [{ id: u!.id, result: 'updated' }] } });
  });

  it('refuses a body over the cap with a 413, before reading it', async () => {
    const res = await admin.post('/user/bulk_edit_user/', {
      selection: JSON.stringify({
        by: 'identifiers',
        identifiers: ['x'.repeat(200)].concat(Array(6_000).fill('y'.repeat(200))),
      }),
      changes: '{"cgs":true}',
    });
    expect(res.status).toBe(413);
  });

  it('answers malformed selections and changes with a 400', async () => {
    for (const form of [
      { selection: '{"by":"ids","ids":[]}', changes: '{"cgs":true}' },
      { selection: '{"by":"everyone"}', changes: '{"cgs":true}' },
      { selection: '{"by":"ids","ids":[1]}', changes: '{}' },
      { selection: 'not json', changes: '{"cgs":true}' },
    ]) {
      const res = await admin.post('/user/bulk_edit_user/', form);
      expect(res.status, JSON.stringify(form)).toBe(400);
    }
  });
});
