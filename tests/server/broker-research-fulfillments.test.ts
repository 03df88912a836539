// FulFillments (decision 058): user/get_fulfillment_info/ filters (status, source, broker,
// organization, user, days recorded) and pages by keyset to the last page and back, counts to
// its cap, names the filtered ids, refuses bad input by field; user/export_br_fulfill_info/
// streams the same rows as CSV (parsed back) and XLSX (opened with fflate), audited;
// user/end_br_fulfillment/ ends from a version, audited, and tells the second of two who won.
// On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { strFromU8, unzipSync } from 'fflate';
import type { Insertable } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  EndFulfillmentConflict,
  EndFulfillmentReply,
  FULFILLMENT_EXPORT_COLUMNS,
  FULFILLMENT_TOTAL_CAP,
  FulfillmentListReply,
  type FulfillmentRow,
} from '../../src/domain/broker-research-fulfillments';
import { BadRequestReply } from '../../src/domain/field-errors';
import type { FulfillmentsTable, NewUser } from '../../server/db/schema';
import { insertOrganization, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let staff: Browser;
let colleague: Browser;

const T0 = Date.UTC(2026, 0, 1);
const ids = { brokers: [] as number[], orgs: [] as number[], users: [] as number[] };
/** Every fulfillment inserted, as the test knows it. */
let known: (Insertable<FulfillmentsTable> & { id: number })[] = [];

function person(n: number, organization_id: number | null): NewUser {
  return userRow({
    username: `f.user${n}`,
    email: `f.user${n}@example.test`,
    first_name: n === 0 ? '=SUM(A1)' : `Reader`,
    last_name: n === 1 ? 'Comma, "Quoted"' : `No ${n}`,
    organization_id,
    user_type: 'customer',
    created_at: T0,
  });
}

/** A small generator, so every run holds the same rows. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

beforeAll(async () => {
  server = await createTestServer();
  const db = server.db;
  for (const name of ['Apex Research', 'Birch & Co <Equity>', 'Cedar Securities']) {
    ids.brokers.push(
      Number(
        (
          await db
            .insertInto('brokers')
            .values({
              name,
              open_access: 0,
              group_id: null,
              created_at: T0,
              legal_name: null,
              short_name: null,
              mifid_updated_at: null,
              mifid_updated_by: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  }
  for (const name of ['Northwind Capital', 'Southgate Partners']) {
    ids.orgs.push(await insertOrganization(db, { name, created_at: T0 }));
  }
  for (let n = 0; n < 12; n++) {
    ids.users.push(
      Number(
        (
          await db
            .insertInto('users')
            .values(person(n, n === 11 ? null : ids.orgs[n % 2]!))
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  }
  const request = Number(
    (
      await db
        .insertInto('research_requests')
        .values({
          user_id: ids.users[0]!,
          broker_id: ids.brokers[0]!,
          organization_id: ids.orgs[0]!,
          status: 'approved',
          created_at: T0,
          updated_at: T0,
          decided_at: T0,
          decided_by: 'admin',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

  // 360 varied rows (several on one millisecond, so the id breaks ties), then enough rows of one
  // broker to pass the count's cap.
  const rand = random(7);
  const rows: Insertable<FulfillmentsTable>[] = [];
  const active = new Set<string>();
  for (let i = 0; i < 360; i++) {
    // The first is the one that came from the request above.
    const user_id = i === 0 ? ids.users[0]! : ids.users[Math.floor(rand() * ids.users.length)]!;
    const broker_id = ids.brokers[i % 3]!;
    const key = `${user_id}:${broker_id}`;
    const ended = active.has(key) || rand() < 0.3;
    if (!ended) active.add(key);
    const source = i === 0 ? 'request' : (['request', 'other_source', 'broker'] as const)[Math.floor(rand() * 3)]!;
    const created_at = T0 + Math.floor(i / 2) * (DAY_MS / 4);
    rows.push({
      user_id,
      broker_id,
      organization_id: user_id === ids.users[11] ? null : ids.orgs[ids.users.indexOf(user_id) % 2]!,
      source,
      request_id: source === 'request' && i === 0 ? request : null,
      source_name: source === 'request' ? null : 'Distributor file',
      dist: source === 'other_source' ? 'tri' : null,
      starts_at: created_at,
      ends_at: null,
      status: ended ? 'ended' : 'active',
      ended_at: ended ? created_at + DAY_MS : null,
      ended_reason: ended ? 'Replaced.' : null,
      created_by: 'admin',
      created_at,
    });
  }
  const bulkBroker = Number(
    (
      await db
        .insertInto('brokers')
        .values({
          name: 'Dense Broker',
          open_access: 0,
          group_id: null,
          created_at: T0,
          legal_name: null,
          short_name: null,
          mifid_updated_at: null,
          mifid_updated_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  ids.brokers.push(bulkBroker);
  for (let i = 0; i < FULFILLMENT_TOTAL_CAP - 300; i++) {
    rows.push({
      user_id: ids.users[i % ids.users.length]!,
      broker_id: bulkBroker,
      organization_id: null,
      source: 'broker',
      request_id: null,
      source_name: 'Broker client list',
      dist: null,
      starts_at: T0 - DAY_MS * 400,
      ends_at: null,
      status: 'ended',
      ended_at: T0 - DAY_MS,
      ended_reason: 'Old list.',
      created_by: 'admin',
      created_at: T0 - DAY_MS * 400 + i,
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('fulfillments')
      .values(rows.slice(i, i + 500))
      .execute();
  known = (await db.selectFrom('fulfillments').selectAll().execute()).map((r) => ({
    ...r,
    id: Number(r.id),
    created_at: Number(r.created_at),
  }));

  staff = await signIn(
    server,
    await server.createStaff({
      username: 'fulfiller',
      features: ['admin_panel_access', 'br_research'],
      activated: true,
    }),
  );
  colleague = await signIn(
    server,
    await server.createStaff({
      username: 'fulfiller2',
      features: ['admin_panel_access', 'br_research'],
      activated: true,
    }),
  );
}, 120_000);
afterAll(async () => {
  await server.close();
});

const LIST = '/user/get_fulfillment_info/';
const EXPORT = '/user/export_br_fulfill_info/';
const END = '/user/end_br_fulfillment/';

async function list(form: Record<string, string>, b = staff) {
  const res = await b.post(LIST, form);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return v.parse(FulfillmentListReply, body);
}
const refusal = async (res: Response) => v.parse(BadRequestReply, await res.json());

/** The ids the test expects, newest first. */
function expected(match: (f: (typeof known)[number]) => boolean): number[] {
  return known
    .filter(match)
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
    .map((f) => f.id);
}

/** Every page of a filter, by next cursor; and the walk back by prev cursors. */
async function walk(form: Record<string, string>) {
  const pages: FulfillmentListReply[] = [];
  let cursor = '';
  do {
    const page = await list({ ...form, cursor, with_total: cursor === '' ? 'true' : 'false' });
    pages.push(page);
    cursor = page.next_cursor ?? '';
  } while (cursor !== '');
  return pages;
}

describe('the list', () => {
  it('reads newest first in pages of 50 to the last page, then back by the prev cursors to the first', async () => {
    const filter = { broker_id: String(ids.brokers[0]) };
    const pages = await walk(filter);
    const want = expected((f) => f.broker_id === ids.brokers[0]);
    expect(want.length).toBe(120);
    expect(pages.flatMap((p) => p.items.map((r) => r.id))).toEqual(want);
    expect(pages.map((p) => p.count)).toEqual([50, 50, 20]);
    expect(pages[0]!.total).toBe(120);
    expect(pages[0]!.prev_cursor).toBeNull();
    expect(pages.at(-1)!.next_cursor).toBeNull();
    // Back from the last page: the same pages in reverse.
    let back = pages.at(-1)!;
    const seen: number[][] = [];
    while (back.prev_cursor) {
      back = await list({ ...filter, cursor: back.prev_cursor, with_total: 'false' });
      seen.push(back.items.map((r) => r.id));
    }
    expect(seen).toEqual([pages[1]!.items.map((r) => r.id), pages[0]!.items.map((r) => r.id)]);
    expect(back.next_cursor).not.toBeNull();
  });

  it('leads back from a page emptied meanwhile to the page before it', async () => {
    const filter = { user_id: String(ids.users[5]), source: 'broker' };
    const first = await list({ ...filter, page_size: '20' });
    expect(first.next_cursor).not.toBeNull();
    const rest = expected((f) => f.user_id === ids.users[5] && f.source === 'broker').slice(20);
    await server.db.updateTable('fulfillments').set({ source: 'other_source' }).where('id', 'in', rest).execute();
    try {
      const emptied = await list({ ...filter, page_size: '20', cursor: first.next_cursor!, with_total: 'false' });
      expect(emptied.items).toEqual([]);
      const back = await list({ ...filter, page_size: '20', cursor: emptied.prev_cursor!, with_total: 'false' });
      expect(back.items.map((r) => r.id)).toEqual(first.items.map((r) => r.id));
    } finally {
      await server.db.updateTable('fulfillments').set({ source: 'broker' }).where('id', 'in', rest).execute();
    }
  });

  it('reaches a deep page of the whole list by cursor, in order, with rows joined to their user, organization and broker', async () => {
    const want = expected(() => true);
    let page = await list({ page_size: '100' });
    for (let n = 1; n < 9; n++) page = await list({ page_size: '100', cursor: page.next_cursor!, with_total: 'false' });
    expect(page.items.map((r) => r.id)).toEqual(want.slice(800, 900));
    const row = page.items[0]!;
    const stored = known.find((f) => f.id === row.id)!;
    expect(row).toMatchObject({
      broker: 'Dense Broker',
      source: 'broker',
      status: 'ended',
      ended_reason: 'Old list.',
      user_id: stored.user_id,
      created_at: stored.created_at,
    });
    expect(row.user_email).toMatch(/^f\.user\d+@example\.test$/);
  });

  it('filters by each of status, source, broker, organization, user and the days recorded, and by them together', async () => {
    const [b0, b1] = ids.brokers as [number, number];
    const [o0] = ids.orgs as [number];
    const u3 = ids.users[3]!;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const from = day(T0 + 10 * DAY_MS);
    const to = day(T0 + 20 * DAY_MS);
    const inRange = (f: (typeof known)[number]) => f.created_at >= T0 + 10 * DAY_MS && f.created_at < T0 + 21 * DAY_MS;
    const cases: [Record<string, string>, (f: (typeof known)[number]) => boolean][] = [
      [{ status: 'active' }, (f) => f.status === 'active'],
      [{ status: 'ended', broker_id: String(b1) }, (f) => f.status === 'ended' && f.broker_id === b1],
      [{ source: 'other_source' }, (f) => f.source === 'other_source'],
      [{ source: 'request', organization_id: String(o0) }, (f) => f.source === 'request' && f.organization_id === o0],
      [{ organization_id: String(o0), broker_id: String(b0) }, (f) => f.organization_id === o0 && f.broker_id === b0],
      [{ user_id: String(u3) }, (f) => f.user_id === u3],
      [
        { user_id: String(u3), broker_id: String(b1), status: 'active' },
        (f) => f.user_id === u3 && f.broker_id === b1 && f.status === 'active',
      ],
      [{ from, to }, inRange],
      [{ from }, (f) => f.created_at >= T0 + 10 * DAY_MS],
      [{ to, source: 'broker' }, (f) => f.created_at < T0 + 21 * DAY_MS && f.source === 'broker'],
      [
        { from, to, broker_id: String(b0), status: 'ended' },
        (f) => inRange(f) && f.broker_id === b0 && f.status === 'ended',
      ],
    ];
    for (const [form, match] of cases) {
      const want = expected(match);
      const pages = await walk({ ...form, page_size: '100' });
      expect(
        pages.flatMap((p) => p.items.map((r) => r.id)),
        JSON.stringify(form),
      ).toEqual(want);
      expect(pages[0]!.total, JSON.stringify(form)).toBe(Math.min(want.length, FULFILLMENT_TOTAL_CAP + 1));
    }
  });

  it('counts to the cap and then says "more than"', async () => {
    expect(known.length).toBeGreaterThan(FULFILLMENT_TOTAL_CAP);
    const all = await list({});
    expect(all).toMatchObject({ total: FULFILLMENT_TOTAL_CAP + 1, total_capped: true, count: 50 });
    const one = await list({ status: 'active', broker_id: String(ids.brokers[2]) });
    expect(one.total_capped).toBe(false);
    // A page turn asks for no count.
    expect((await list({ cursor: all.next_cursor!, with_total: 'false' })).total).toBeNull();
  });

  it('names the filtered broker, organization and user, and finds nothing for an id that does not exist', async () => {
    const page = await list({
      broker_id: String(ids.brokers[1]),
      organization_id: String(ids.orgs[1]),
      user_id: String(ids.users[1]),
    });
    expect(page.named).toEqual({
      broker: { id: ids.brokers[1], name: 'Birch & Co <Equity>' },
      organization: { id: ids.orgs[1], name: 'Southgate Partners' },
      user: { id: ids.users[1], name: 'Reader Comma, "Quoted" (f.user1@example.test)' },
    });
    const none = await list({ broker_id: '999999' });
    expect(none).toMatchObject({ items: [], total: 0, next_cursor: null, prev_cursor: null, named: { broker: null } });
  });

  it('shows the request a fulfillment came from, and another source by its name', async () => {
    const page = await list({ source: 'request', user_id: String(ids.users[0]), broker_id: String(ids.brokers[0]) });
    const fromRequest = known.find((f) => f.request_id !== null)!;
    expect(page.items.find((r) => r.id === fromRequest.id)?.request_id).toBe(fromRequest.request_id);
    const other = await list({ source: 'other_source' });
    expect(other.items[0]).toMatchObject({
      source: 'other_source',
      source_name: 'Distributor file',
      dist: 'tri',
      request_id: null,
    });
  });
});

describe('bad input', () => {
  it('refuses each bad field by name, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: 'paused' }, 'status'],
      [{ source: 'fax' }, 'source'],
      [{ broker_id: 'apex' }, 'broker_id'],
      [{ organization_id: '-3' }, 'organization_id'],
      [{ user_id: '1.5' }, 'user_id'],
      [{ from: '2026-02-30' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to'],
      [{ page_size: '7' }, 'page_size'],
      [{ cursor: 'x'.repeat(401) }, 'cursor'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
    ];
    for (const [form, field] of cases) {
      const res = await staff.post(LIST, form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(Object.keys((await refusal(res)).fields), JSON.stringify(form)).toEqual([field]);
    }
    expect((await refusal(await staff.post(EXPORT, { format: 'pdf' }))).fields).toHaveProperty('format');
  });

  it('refuses the cursor of other filters: a page belongs to its filters', async () => {
    const page = await list({ status: 'ended' });
    const res = await staff.post(LIST, { status: 'active', cursor: page.next_cursor! });
    expect(res.status).toBe(400);
    expect((await refusal(res)).fields.cursor).toBe(
      'The page cursor belongs to other filters; start from the first page.',
    );
  });
});

describe('export', () => {
  /** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else field += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        row.push(field);
        field = '';
      } else if (ch === '\r' && text[i + 1] === '\n') {
        row.push(field);
        rows.push(row);
        row = [];
        field = '';
        i++;
      } else field += ch;
    }
    if (field !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
    return rows;
  }
  const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
  async function listed(form: Record<string, string>): Promise<FulfillmentRow[]> {
    return (await walk({ ...form, page_size: '100' })).flatMap((p) => p.items);
  }

  it('downloads the list as CSV: header, every matching row in list order, cells as the list shows them', async () => {
    const form = { broker_id: String(ids.brokers[1]) };
    const res = await staff.post(EXPORT, { ...form, format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="fulfillments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes.slice(3)));
    expect(header).toEqual([...FULFILLMENT_EXPORT_COLUMNS]);
    const want = await listed(form);
    expect(rows.map((r) => Number(r[0]))).toEqual(want.map((r) => r.id));
    const col = (name: (typeof FULFILLMENT_EXPORT_COLUMNS)[number]) => FULFILLMENT_EXPORT_COLUMNS.indexOf(name);
    for (const [i, r] of rows.entries()) {
      const w = want[i]!;
      expect(r[col('broker')]).toBe('Birch & Co <Equity>');
      expect(r[col('user_email')]).toBe(w.user_email);
      expect(r[col('status')]).toBe(w.status);
      expect(r[col('created_at')]).toBe(iso(w.created_at));
      expect(r[col('ended_at')]).toBe(iso(w.ended_at));
      expect(r[col('organization')]).toBe(w.organization ?? '');
    }
    // A name a spreadsheet would run as a formula stays text; a quoted comma survives.
    for (const [n, name] of [
      [0, `'=SUM(A1) No 0`],
      [1, 'Reader Comma, "Quoted"'],
    ] as const) {
      const text = await (await staff.post(EXPORT, { format: 'csv', user_id: String(ids.users[n]) })).text();
      const own = parseCsv(text.replace(/^\uFEFF/, '')).slice(1);
      expect(own.length).toBeGreaterThan(0);
      expect(new Set(own.map((r) => r[col('user_name')]))).toEqual(new Set([name]));
    }
  });

  it('downloads the same rows as an XLSX workbook with a Fulfillments sheet', async () => {
    const form = { status: 'active', source: 'other_source' };
    const res = await staff.post(EXPORT, { ...form, format: 'xlsx' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/filename="fulfillments-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="Fulfillments" sheetId="1" r:id="rId1"/>');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const rows = sheet.match(/<row r="\d+">[\s\S]*?<\/row>/g)!;
    const want = await listed(form);
    expect(want.length).toBeGreaterThan(5);
    expect(rows).toHaveLength(1 + want.length);
    expect(rows[0]).toContain('<t>user_email</t>');
    const firstCell = (row: string) => Number(/^<row r="\d+"><c><v>(\d+)<\/v><\/c>/.exec(row)![1]);
    expect(rows.slice(1).map(firstCell)).toEqual(want.map((r) => r.id));
    for (const row of rows) expect(row.match(/<c[ />]/g)).toHaveLength(FULFILLMENT_EXPORT_COLUMNS.length);
  });

  it('sends just the header when nothing matches, and records one audit row with the count and the filters', async () => {
    await server.db.deleteFrom('audit_log').where('action', 'like', 'exported%').execute();
    const res = await staff.post(EXPORT, { format: 'csv', broker_id: '999999' });
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())).toBe(
      `\uFEFF${FULFILLMENT_EXPORT_COLUMNS.join(',')}\r\n`,
    );
    await (await staff.post(EXPORT, { format: 'xlsx', status: 'ended' })).arrayBuffer();
    const entries = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'like', 'exported%')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual([
      'exported 0 fulfillments',
      `exported ${known.filter((f) => f.status === 'ended').length} fulfillments`,
    ]);
    expect(entries[1]).toMatchObject({ category: 'broker research', author: 'fulfiller', success: 1 });
    expect(JSON.parse(entries[1]!.current_data!)).toMatchObject({ format: 'xlsx', filter: { status: 'ended' } });
  });
});

describe('ending a fulfillment', () => {
  const activeOne = async () => (await list({ status: 'active', broker_id: String(ids.brokers[2]) })).items[0]!;

  it('ends an active fulfillment from its version with the reason, says who and when, and writes the audit row', async () => {
    const row = await activeOne();
    const res = await staff.post(END, {
      id: String(row.id),
      version: String(row.version),
      reason: '  Contract ended.  ',
    });
    const body = v.parse(EndFulfillmentReply, await res.json());
    expect(res.status).toBe(200);
    expect(body.msg).toBe('Fulfillment ended.');
    expect(body.fulfillment).toMatchObject({
      id: row.id,
      status: 'ended',
      ended_by: 'fulfiller',
      ended_reason: 'Contract ended.',
      version: row.version + 1,
    });
    expect(typeof body.fulfillment.ended_at).toBe('number');
    const ended = await list({ status: 'ended', user_id: String(row.user_id), broker_id: String(row.broker_id) });
    expect(ended.items.map((r) => r.id)).toContain(row.id);
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('category', '=', 'broker research')
      .where('action', 'like', 'ended fulfillment%')
      .execute();
    expect(audit.at(-1)).toMatchObject({
      author: 'fulfiller',
      action: `ended fulfillment ${row.id}: ${row.user_email} → ${row.broker}`,
      success: 1,
    });
    expect(JSON.parse(audit.at(-1)!.current_data!)).toMatchObject({ status: 'ended', ended_reason: 'Contract ended.' });
  });

  it('of two staff ending one fulfillment, one wins and the other is told who ended it, with the row now', async () => {
    const row = await activeOne();
    const form = { id: String(row.id), version: String(row.version) };
    const [a, b] = await Promise.all([
      staff.post(END, { ...form, reason: 'Mine.' }),
      colleague.post(END, { ...form, reason: 'Theirs.' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
    const won = v.parse(EndFulfillmentReply, await winner.json());
    const lost = v.parse(EndFulfillmentConflict, await loser.json());
    expect(lost.msg).toBe(`Already ended by ${won.fulfillment.ended_by}.`);
    expect(lost.fulfillment).toEqual(won.fulfillment);
    const audits = await server.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', `ended fulfillment ${row.id}: ${row.user_email} → ${row.broker}`)
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('tells a person whose version is stale that it changed, and refuses an unknown id and an empty reason', async () => {
    const row = await activeOne();
    await server.db
      .updateTable('fulfillments')
      .set({ version: row.version + 1 })
      .where('id', '=', row.id)
      .execute();
    const stale = await staff.post(END, { id: String(row.id), version: String(row.version), reason: 'Late.' });
    expect(stale.status).toBe(409);
    expect(v.parse(EndFulfillmentConflict, await stale.json())).toMatchObject({
      msg: 'Someone else changed this fulfillment meanwhile; it is shown as it is now.',
      fulfillment: { id: row.id, status: 'active', version: row.version + 1 },
    });
    const gone = await staff.post(END, { id: '999999', version: '1', reason: 'Why not.' });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ status: false, msg: 'That fulfillment no longer exists.' });
    const empty = await staff.post(END, { id: String(row.id), version: String(row.version + 1), reason: '   ' });
    expect(empty.status).toBe(400);
    expect((await refusal(empty)).fields).toEqual({ reason: 'Say why.' });
    const long = await staff.post(END, {
      id: String(row.id),
      version: String(row.version + 1),
      reason: 'x'.repeat(501),
    });
    expect((await refusal(long)).fields).toHaveProperty('reason');
  });
});
