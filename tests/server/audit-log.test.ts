// The Audit Log (decision 062): the search newest first by keyset, every filter (category, author,
// record, action words, days, result) and the capped total; one entry as a change in words with
// secrets hidden; a record's history, refused to a session without the record's section; a user
// edit and a sign-in found by the user's record; the CSV; bad input named by field, never a 500;
// the feature. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_TOTAL_CAP,
  AuditEntryReply,
  AuditListReply,
  REDACTED,
  RecordHistoryReply,
  auditCursorText,
} from '../../src/domain/audit-log';
import { BadRequestReply } from '../../src/domain/field-errors';
import { writeAuditMany, type AuditEntry } from '../../server/audit';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';

let server: TestServer;
let auditor: Browser;
let userAdmin: Browser;
let outsider: Browser;
let orgId: number;
const SEARCH = '/api/audit_log/';
const T0 = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

beforeAll(async () => {
  server = await createTestServer();
  auditor = await signIn(
    server,
    await server.createStaff({
      username: 'auditor',
      features: ['admin_panel_access', 'audit_log_tab'],
      activated: true,
    }),
  );
  userAdmin = await signIn(
    server,
    await server.createStaff({
      username: 'useradmin',
      features: ['admin_panel_access', 'audit_log_tab', 'user_mgmt', 'edit_user'],
      activated: true,
    }),
  );
  outsider = await signIn(
    server,
    await server.createStaff({ username: 'outsider', features: ['admin_panel_access', 'group_mgmt'], activated: true }),
  );
  orgId = (
    await server.db
      .insertInto('organizations')
      .values({ name: 'Northwind Capital', salesforce_id: 'SF-1', sf_acc_id: 'ACC-1', created_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.close();
});

let seq = 0;
/** Entries by an author of their own, so each test reads only what it wrote. */
async function write(author: string, entries: Partial<AuditEntry>[]): Promise<void> {
  await writeAuditMany(
    server.db,
    entries.map((e) => ({ category: 'user', action: `change ${++seq}`, at: T0 + seq, success: true, ...e, author })),
  );
}
async function search(query: Record<string, string>, b = auditor) {
  const res = await b.send('GET', `${SEARCH}?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return v.parse(AuditListReply, await res.json());
}
async function refused(path: string, query: Record<string, string>, b = auditor) {
  const res = await b.send('GET', `${path}?${new URLSearchParams(query)}`);
  expect(res.status).toBe(400);
  return v.parse(BadRequestReply, await res.json());
}

describe('the search', () => {
  it('pages newest first by keyset, every entry once, ties on the time broken by id', async () => {
    // 130 entries, pairs sharing a time.
    await write(
      'pager',
      Array.from({ length: 130 }, (_, i) => ({ at: T0 + 5 * DAY + Math.floor(i / 2) })),
    );
    const seen: number[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const page = await search({ author: 'pager', ...(cursor ? { cursor } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
      if (pages === 0) expect(page).toMatchObject({ total: 130, total_capped: false });
      seen.push(...page.entries.map((e) => e.id));
      pages += 1;
      if (!page.next) break;
      cursor = auditCursorText(page.next);
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(130);
    const rows = await server.db
      .selectFrom('audit_log')
      .select(['id', 'created_at'])
      .where('author', '=', 'pager')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(seen).toEqual(rows.map((r) => Number(r.id)));
  });

  it('filters by category, record, result, days and action words, and combines them', async () => {
    await write('filterer', [
      { category: 'group', action: 'group created: Desk (#7)', record: { kind: 'group', id: 7 }, at: T0 + 10 * DAY },
      {
        category: 'group',
        action: 'group renamed: Desk (#7)',
        record: { kind: 'group', id: 7 },
        at: T0 + 11 * DAY,
        success: false,
      },
      { category: 'role', action: 'role created: Reader (#3)', record: { kind: 'role', id: 3 }, at: T0 + 12 * DAY },
      { category: 'auth', action: 'password rejected', at: T0 + 12 * DAY + 5, success: false },
    ]);
    const actions = async (q: Record<string, string>) =>
      (await search({ author: 'filterer', ...q })).entries.map((e) => e.action);
    expect(await actions({ category: 'group' })).toEqual(['group renamed: Desk (#7)', 'group created: Desk (#7)']);
    expect(await actions({ record_kind: 'group', record_id: '7' })).toEqual([
      'group renamed: Desk (#7)',
      'group created: Desk (#7)',
    ]);
    expect(await actions({ result: 'failed' })).toEqual(['password rejected', 'group renamed: Desk (#7)']);
    expect(await actions({ result: 'success' })).toEqual(['role created: Reader (#3)', 'group created: Desk (#7)']);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(await actions({ from: day(T0 + 11 * DAY), to: day(T0 + 11 * DAY) })).toEqual(['group renamed: Desk (#7)']);
    expect(await actions({ from: day(T0 + 12 * DAY) })).toEqual(['password rejected', 'role created: Reader (#3)']);
    expect(await actions({ action: 'CREATED' })).toEqual(['role created: Reader (#3)', 'group created: Desk (#7)']);
    expect(await actions({ action: 'created', category: 'group' })).toEqual(['group created: Desk (#7)']);
    expect(await actions({ action: '100%' })).toEqual([]);
    const one = (await search({ author: 'filterer', category: 'role' })).entries[0]!;
    expect(one).toMatchObject({
      category: 'role',
      author: 'filterer',
      origin: 'adminpanel',
      source: 'server',
      success: true,
      record: { kind: 'role', id: 3 },
    });
  });

  it('counts up to 1,000 and says when there are more', async () => {
    await write(
      'busy',
      Array.from({ length: AUDIT_TOTAL_CAP + 5 }, () => ({})),
    );
    expect(await search({ author: 'busy' })).toMatchObject({ total: AUDIT_TOTAL_CAP, total_capped: true });
  });

  it('refuses bad filters by field, never a 500', async () => {
    expect((await refused(SEARCH, { category: 'nope' })).fields).toHaveProperty('category');
    expect((await refused(SEARCH, { result: 'maybe' })).fields).toHaveProperty('result');
    expect((await refused(SEARCH, { record_kind: 'user' })).fields).toHaveProperty('record_id');
    expect((await refused(SEARCH, { record_id: '4' })).fields).toHaveProperty('record_kind');
    expect((await refused(SEARCH, { record_kind: 'planet', record_id: '4' })).fields).toHaveProperty('record_kind');
    expect((await refused(SEARCH, { from: '2026-11-20', to: '2026-11-01' })).fields).toHaveProperty('to');
    expect((await refused(SEARCH, { from: '2026-02-30' })).fields).toHaveProperty('from');
    expect((await refused(SEARCH, { cursor: 'page-two' })).fields).toHaveProperty('cursor');
    expect((await refused(SEARCH, { author: 'a'.repeat(151) })).fields).toHaveProperty('author');
    expect((await refused('/api/audit_log/entry/', { id: 'x' })).fields).toHaveProperty('id');
    expect((await refused('/api/audit_log/entry/', { id: '99999999' })).fields).toHaveProperty('id');
  });

  it('answers 403 to a session without the Audit Log', async () => {
    expect((await outsider.send('GET', SEARCH)).status).toBe(403);
    expect((await outsider.send('GET', '/api/audit_log/export/')).status).toBe(403);
  });
});

describe('action words', () => {
  it('page through the matches newest first, each once, ties on the time broken by id', async () => {
    // 70 matches among 140 entries, pairs sharing a time.
    await write(
      'worder',
      Array.from({ length: 140 }, (_, i) => ({
        action: i % 2 ? `Widget tuned ${i}` : `other ${i}`,
        at: T0 + 20 * DAY + Math.floor(i / 4),
      })),
    );
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await search({ author: 'worder', action: 'widget', ...(cursor ? { cursor } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
      const times = page.entries.map((e) => [e.created_at, e.id] as const);
      expect(times).toEqual([...times].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
      seen.push(...page.entries.map((e) => e.action));
      if (!page.next) break;
      cursor = auditCursorText(page.next);
    }
    expect(seen.length).toBe(70);
    expect(new Set(seen).size).toBe(70);
    expect(seen.every((a) => a.startsWith('Widget tuned'))).toBe(true);
  });
});

describe('one entry', () => {
  it('shows each changed field in words and hides secrets, before and after', async () => {
    await write('differ', [
      {
        category: 'user',
        action: 'user changed',
        previous: {
          first_name: 'Ada',
          user_type: 'trial',
          flags: { crypto: false },
          password_hash: 'scrypt$old',
          api_token: 'tok-old',
        },
        current: {
          first_name: 'Grace',
          user_type: 'customer',
          flags: { crypto: true },
          password_hash: 'scrypt$new',
          api_token: 'tok-old',
          totp_secret: 'JBSWY3DP',
        },
      },
    ]);
    const id = (await search({ author: 'differ' })).entries[0]!.id;
    const res = await auditor.send('GET', `/api/audit_log/entry/?id=${id}`);
    const text = await res.text();
    for (const secret of ['scrypt$old', 'scrypt$new', 'tok-old', 'JBSWY3DP']) expect(text).not.toContain(secret);
    const reply = v.parse(AuditEntryReply, JSON.parse(text));
    expect(reply.changes).toEqual([
      { field: 'first_name', label: 'First name', before: 'Ada', after: 'Grace' },
      // A coded choice reads as the user screens name it.
      { field: 'user_type', label: 'User type', before: 'Trial', after: 'Customer' },
      { field: 'flags.crypto', label: expect.stringMatching(/Crypto/i), before: 'No', after: 'Yes' },
      { field: 'password_hash', label: 'Password hash', before: REDACTED, after: REDACTED },
      { field: 'totp_secret', label: 'Totp secret', before: null, after: REDACTED },
    ]);
  });
});

describe("a record's history", () => {
  it("lists a user's edit through the user area, newest first, with its change, and their sign-ins", async () => {
    const now = Date.now();
    const user = await server.db
      .insertInto('users')
      .values(
        userRow({
          username: 'histuser',
          email: 'hist@northwind.example',
          first_name: 'Ada',
          last_name: 'Lovelace',
          organization_id: orgId,
          user_role: 'Analyst',
          owner: 'admin',
          data_plan: '["product_data"]',
          expiry_dt: Date.UTC(2027, 0, 31),
          created_at: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const saved = await userAdmin.post('/user/update_account/', {
      user_id: String(user.id),
      version: '1',
      changes: JSON.stringify({ first_name: 'Grace' }),
    });
    expect(saved.status).toBe(200);
    // A sign-in tried with their username is theirs too.
    await userAdmin
      .postJson('/login_account_new/', { username: 'histuser', password: 'wrong-password-1' })
      .catch(() => undefined);
    const res = await userAdmin.send('GET', `/api/audit_log/history/?kind=user&id=${user.id}`);
    expect(res.status).toBe(200);
    const reply = v.parse(RecordHistoryReply, await res.json());
    const edit = reply.entries.find((e) => e.category === 'user')!;
    expect(edit).toMatchObject({ author: 'useradmin', record: { kind: 'user', id: user.id } });
    expect(edit.changes).toContainEqual(
      expect.objectContaining({ label: 'First name', before: 'Ada', after: 'Grace' }),
    );
    expect(reply.entries.map((e) => e.created_at)).toEqual(
      [...reply.entries.map((e) => e.created_at)].sort((a, b) => b - a),
    );
    // The search finds it by the same record.
    expect(
      (await search({ record_kind: 'user', record_id: String(user.id), category: 'user' })).entries.map((e) => e.id),
    ).toContain(edit.id);
  });

  it("names the signing-in user's record on sign-in events when the user exists", async () => {
    const staff = await server.createStaff({ username: 'signer', features: ['admin_panel_access'], activated: true });
    await signIn(server, staff);
    const id = (
      await server.db.selectFrom('users').select('id').where('username', '=', 'signer').executeTakeFirstOrThrow()
    ).id;
    const events = await search({ category: 'auth', author: 'signer' });
    expect(events.entries.map((e) => e.action)).toEqual(['signed in', 'password accepted']);
    for (const e of events.entries) expect(e.record).toEqual({ kind: 'user', id, name: 'signer' });
    await write('nobody-by-this-name', [{ category: 'auth', action: 'password rejected', success: false }]);
    expect((await search({ author: 'nobody-by-this-name' })).entries[0]!.record).toBeNull();
  });

  it('is refused (403) for a kind whose section the session lacks; the section alone opens it', async () => {
    expect((await auditor.send('GET', '/api/audit_log/history/?kind=user&id=1')).status).toBe(403);
    expect((await userAdmin.send('GET', '/api/audit_log/history/?kind=group&id=1')).status).toBe(403);
    expect((await outsider.send('GET', '/api/audit_log/history/?kind=group&id=1')).status).toBe(200);
    expect((await outsider.send('GET', '/api/audit_log/history/?kind=role&id=1')).status).toBe(403);
    expect((await refused('/api/audit_log/history/', { kind: 'planet', id: '1' }, outsider)).fields).toHaveProperty(
      'kind',
    );
  });
});

describe('the CSV', () => {
  it('streams every matching entry newest first with secrets hidden', async () => {
    await write('exporter', [
      {
        category: 'role',
        action: 'role created, "quoted"',
        current: { name: 'Reader', token: 'sekrit' },
        record: { kind: 'role', id: 9 },
      },
      { category: 'role', action: 'role deleted', previous: { name: 'Reader' }, success: false },
    ]);
    const res = await auditor.send('GET', `/api/audit_log/export/?${new URLSearchParams({ author: 'exporter' })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    expect(text).not.toContain('sekrit');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('time,category,author,action,result,origin,record,previous_data,current_data');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:]+Z,role,exporter,role deleted,Failed,adminpanel,,/);
    expect(lines[2]).toContain('"role created, ""quoted""",Success,adminpanel,Role #9');
    expect(lines[2]).toContain(REDACTED);
  });
});
