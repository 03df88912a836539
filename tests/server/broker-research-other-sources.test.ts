// Fulfillments from Other Sources (decision 060): a 50,000-row file with bad rows of every kind
// verified with the exact per-row report and applied in one transaction (the import, its
// fulfillments, one audit row), verified again (now every row is skipped), a forced failure inside
// the apply writing nothing, bad input answered 400 naming the field, Refinitiv refused without
// tri_submittor, and the imports listed with their fulfillments by keyset. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineOf } from '../../server/db/connect';
import { BR_AUDIT_CATEGORY } from '../../src/domain/broker-research';
import {
  ApplyReply,
  IMPORT_FULFILLMENTS_PAGE_SIZE,
  ImportFulfillmentsReply,
  ImportsReply,
  OTHER_SOURCE_REASONS as R,
  VerifyReply,
  dayStart,
  type ReportRow,
} from '../../src/domain/broker-research-other-sources';
import { BadRequestReply } from '../../src/domain/field-errors';
import { FEATURE_KEYS } from '../../src/domain/features';
import { insertOrganization, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

const VERIFY = '/api/researchreports/other_sources/verify/';
const APPLY = '/api/researchreports/other_sources/apply/';
const IMPORTS = '/api/researchreports/other_sources/imports/';
const OF_IMPORT = '/api/researchreports/other_sources/import_fulfillments/';
const SOURCE = 'Refinitiv entitlement file';

let server: TestServer;
let admin: Browser;
let plain: Browser;
let org: number;

interface Person {
  id: number;
  username: string;
  email: string;
}
interface Firm {
  id: number;
  name: string;
}

async function people(n: number, prefix: string, extra: { active?: 0 | 1; deleted?: 0 | 1 } = {}): Promise<Person[]> {
  const made: Person[] = [];
  for (let from = 0; from < n; from += 500) {
    const rows = Array.from({ length: Math.min(500, n - from) }, (_, k) => {
      const i = from + k;
      return userRow({
        username: `${prefix}${i}`,
        email: `${prefix}${i}@other-sources.example`,
        first_name: 'Ola',
        last_name: `Source${i}`,
        organization_id: org,
        ...extra,
      });
    });
    const ids = await server.db.insertInto('users').values(rows).returning(['id', 'username', 'email']).execute();
    made.push(...ids.map((r) => ({ id: Number(r.id), username: r.username, email: r.email })));
  }
  return made;
}

async function broker(name: string): Promise<Firm> {
  const row = await server.db
    .insertInto('brokers')
    .values({
      name,
      open_access: 0,
      group_id: null,
      created_at: Date.now(),
      legal_name: null,
      short_name: null,
      mifid_updated_at: null,
      mifid_updated_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), name };
}

async function activeFulfillment(user: Person, firm: Firm, startsAt: number): Promise<number> {
  const row = await server.db
    .insertInto('fulfillments')
    .values({
      user_id: user.id,
      broker_id: firm.id,
      organization_id: org,
      source: 'request',
      request_id: null,
      source_name: null,
      dist: null,
      starts_at: startsAt,
      ends_at: null,
      status: 'active',
      ended_at: null,
      ended_reason: null,
      created_by: 'admin',
      created_at: startsAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

async function send(
  path: string,
  csv: string | Uint8Array<ArrayBuffer>,
  opts: { b?: Browser; dist?: string; source?: string; name?: string; type?: string; omit?: string } = {},
) {
  const form = new FormData();
  if (opts.omit !== 'file')
    form.append('file', new File([csv], opts.name ?? 'entitlements.csv', { type: opts.type ?? 'text/csv' }));
  if (opts.omit !== 'source_name') form.append('source_name', opts.source ?? SOURCE);
  if (opts.omit !== 'dist') form.append('dist', opts.dist ?? 'product');
  const res = await (opts.b ?? admin).send('POST', path, { body: form });
  return { status: res.status, body: (await res.json()) as unknown };
}
async function verify(csv: string, opts: Parameters<typeof send>[2] = {}) {
  const { status, body } = await send(VERIFY, csv, opts);
  expect(status, JSON.stringify(body).slice(0, 500)).toBe(200);
  return v.parse(VerifyReply, body);
}
async function apply(csv: string, opts: Parameters<typeof send>[2] = {}) {
  const { status, body } = await send(APPLY, csv, opts);
  expect(status, JSON.stringify(body).slice(0, 500)).toBe(200);
  return v.parse(ApplyReply, body);
}
async function refusal(path: string, csv: string | Uint8Array<ArrayBuffer>, opts: Parameters<typeof send>[2] = {}) {
  const { status, body } = await send(path, csv, opts);
  expect(status, JSON.stringify(body)).toBe(400);
  return v.parse(BadRequestReply, body).fields;
}
const countOf = async (table: 'fulfillments' | 'other_source_imports') =>
  Number(
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  server = await createTestServer();
  org = await insertOrganization(server.db, { name: 'Other Sources Org' });
  admin = await signIn(
    server,
    await server.createStaff({
      username: 'os-admin',
      features: [...FEATURE_KEYS],
      otherFeatures: ['tri_submittor'],
      activated: true,
    }),
  );
  plain = await signIn(
    server,
    await server.createStaff({ username: 'os-plain', features: [...FEATURE_KEYS], activated: true }),
  );
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('a 50,000-row file', () => {
  const USERS = 5_000;
  const FIRMS = 10;
  const ROWS = 50_000;
  /** A blank line follows this data row: rows after it sit one line lower. */
  const BLANK_AFTER = 25_000;
  const lineOf = (i: number) => i + 2 + (i > BLANK_AFTER ? 1 : 0);
  let users: Person[];
  let firms: Firm[];
  let csv: string;
  let expected: ReportRow[];
  let taken: number;
  const STARTS = '2026-12-01';
  const ENDS = '2099-12-01';

  beforeAll(async () => {
    users = await people(USERS, 'os.user');
    // A name with a comma travels quoted.
    firms = [];
    for (let k = 0; k < FIRMS; k++) firms.push(await broker(k === 3 ? 'OS Broker 3, Inc.' : `OS Broker ${k}`));
    await broker('Twin Securities');
    await broker('twin securities');
    const [gone] = await people(1, 'os.gone', { deleted: 1 });
    const [idle] = await people(1, 'os.idle', { active: 0 });

    const pair = (i: number) => ({ user: users[i % USERS]!, firm: firms[Math.floor(i / USERS)]! });
    const userCell = (p: Person, i: number) => [p.email.toUpperCase(), p.username, String(p.id)][i % 3]!;
    const firmCell = (f: Firm, i: number) => (i % 2 === 0 ? String(f.id) : f.name);
    // Two pairs already entitled: skipped, not refused.
    const heldAt = dayStart('2025-03-04')!;
    const held = new Map<number, number>();
    for (const i of [7, 31_337]) held.set(i, await activeFulfillment(pair(i).user, pair(i).firm, heldAt));

    type Bad = (i: number) => { cells: string[]; reason: string; outcome?: 'skipped' };
    const good = (i: number) => [userCell(pair(i).user, i), firmCell(pair(i).firm, i), STARTS, i % 4 === 0 ? ENDS : ''];
    const bads: Bad[] = [
      (i) => ({ cells: good(i).slice(0, 2), reason: R.cells(2, 4) }),
      (i) => ({ cells: ['', ...good(i).slice(1)], reason: R.noUser }),
      (i) => ({ cells: [good(i)[0]!, '', STARTS, ''], reason: R.noBroker }),
      (i) => ({ cells: [...good(i).slice(0, 2), '2026-02-30', ''], reason: R.starts('2026-02-30') }),
      (i) => ({ cells: [...good(i).slice(0, 2), '01/12/2026', ''], reason: R.starts('01/12/2026') }),
      (i) => ({ cells: [...good(i).slice(0, 3), 'someday'], reason: R.ends('someday') }),
      (i) => ({ cells: [...good(i).slice(0, 2), STARTS, '2026-11-30'], reason: R.endsBeforeStarts }),
      (i) => ({ cells: ['x'.repeat(300), ...good(i).slice(1)], reason: R.tooLong('user') }),
      (i) => ({ cells: [`nobody${i}@nowhere.example`, ...good(i).slice(1)], reason: R.noSuchUser }),
      (i) => ({ cells: ['999999999', ...good(i).slice(1)], reason: R.noSuchUser }),
      (i) => ({ cells: [gone!.email, ...good(i).slice(1)], reason: R.userDeleted(gone!.id) }),
      (i) => ({ cells: [String(idle!.id), ...good(i).slice(1)], reason: R.userInactive(idle!.id) }),
      (i) => ({ cells: [good(i)[0]!, 'No Such Broker', STARTS, ''], reason: R.noSuchBroker }),
      (i) => ({ cells: [good(i)[0]!, 'TWIN SECURITIES', STARTS, ''], reason: R.twoBrokers(2) }),
      (i) => ({
        cells: [...good(i).slice(0, 2), '2020-01-01', '2020-06-01'],
        reason: R.endsPast(new Date().toISOString().slice(0, 10)),
      }),
      // The row before, named another way (username for id, broker name for id): the same user and broker.
      (i) => ({
        cells: [pair(i - 1).user.username, pair(i - 1).firm.name, STARTS, ''],
        reason: R.repeat(lineOf(i - 1)),
      }),
    ];
    const lines = ['User,Broker,Starts,Ends'];
    expected = [];
    let badCount = 0;
    for (let i = 0; i < ROWS; i++) {
      let cells = good(i);
      if (i % 1_000 === 500) {
        const bad = bads[badCount++ % bads.length]!(i);
        cells = bad.cells;
        expected.push({ row: lineOf(i), value: cells.join(',').slice(0, 200), reason: bad.reason, outcome: 'refused' });
      } else if (held.has(i)) {
        expected.push({
          row: lineOf(i),
          value: cells.join(','),
          reason: R.alreadyActive(held.get(i)!, '2025-03-04'),
          outcome: 'skipped',
        });
      }
      lines.push(cells.map(csvCell).join(','));
      if (i === BLANK_AFTER) lines.push('');
    }
    csv = `${lines.join('\r\n')}\r\n`;
    taken = ROWS - expected.length;
    expect(badCount).toBe(50);
  }, 120_000);

  it('is verified row by row: every row not taken by its line, its text and why, nothing written', async () => {
    const before = await countOf('fulfillments');
    const reply = await verify(csv);
    expect(reply.report).toEqual(expected);
    expect({ rows: reply.rows, taken: reply.taken, skipped: reply.skipped, refused: reply.refused }).toEqual({
      rows: ROWS,
      taken,
      skipped: 2,
      refused: 50,
    });
    expect(reply).toMatchObject({ file_name: 'entitlements.csv', source_name: SOURCE, dist: 'product' });
    expect(await countOf('fulfillments')).toBe(before);
    expect(await countOf('other_source_imports')).toBe(0);
  }, 120_000);

  it('is applied in one transaction: the import, its fulfillments, one audit row; verified again every row is skipped', async () => {
    const before = await countOf('fulfillments');
    const reply = await apply(csv, { dist: 'tri' });
    expect(reply.report).toEqual(expected);
    expect({ rows: reply.rows, taken: reply.taken, skipped: reply.skipped, refused: reply.refused }).toEqual({
      rows: ROWS,
      taken,
      skipped: 2,
      refused: 50,
    });
    expect(reply.msg).toBe(
      `${taken.toLocaleString('en-US')} fulfillments added; 52 rows not taken (2 skipped, 50 refused).`,
    );
    expect(await countOf('fulfillments')).toBe(before + taken);

    const imported = await server.db
      .selectFrom('fulfillments')
      .selectAll()
      .where('import_id', '=', reply.import_id)
      .execute();
    expect(imported).toHaveLength(taken);
    const alike = imported.filter(
      (f) =>
        f.source === 'other_source' &&
        f.source_name === SOURCE &&
        f.dist === 'tri' &&
        f.status === 'active' &&
        f.created_by === 'os-admin' &&
        Number(f.organization_id) === org &&
        Number(f.starts_at) === dayStart(STARTS),
    );
    expect(alike).toHaveLength(taken);
    // Row 0 (an email in capitals, broker by id, with an end date) became user 0's fulfillment of broker 0.
    const first = imported.find((f) => Number(f.user_id) === users[0]!.id && Number(f.broker_id) === firms[0]!.id)!;
    expect(Number(first.ends_at)).toBe(dayStart(ENDS));
    const second = imported.find((f) => Number(f.user_id) === users[1]!.id && Number(f.broker_id) === firms[0]!.id)!;
    expect(second.ends_at).toBeNull();

    const row = await server.db
      .selectFrom('other_source_imports')
      .selectAll()
      .where('id', '=', reply.import_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      file_name: 'entitlements.csv',
      source_name: SOURCE,
      dist: 'tri',
      created_by: 'os-admin',
    });
    expect([row.rows, row.taken, row.skipped, row.refused].map(Number)).toEqual([ROWS, taken, 2, 50]);
    const audits = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('category', '=', BR_AUDIT_CATEGORY)
      .where('origin', '=', 'other_source_import')
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.current_data!)).toEqual({
      import_id: reply.import_id,
      file_name: 'entitlements.csv',
      source_name: SOURCE,
      dist: 'tri',
      rows: ROWS,
      taken,
      skipped: 2,
      refused: 50,
    });

    const again = await verify(csv);
    expect({ taken: again.taken, skipped: again.skipped, refused: again.refused }).toEqual({
      taken: 0,
      skipped: taken + 2,
      refused: 50,
    });
    expect(again.report.filter((r) => r.outcome === 'refused')).toEqual(
      expected.filter((r) => r.outcome === 'refused'),
    );

    // The import heads the list; its fulfillments page by keyset.
    const list = await get(IMPORTS);
    const imports = v.parse(ImportsReply, list).imports;
    expect(imports[0]).toMatchObject({
      id: reply.import_id,
      file_name: 'entitlements.csv',
      source_name: SOURCE,
      dist: 'tri',
      rows: ROWS,
      taken,
      skipped: 2,
      refused: 50,
      created_by: 'os-admin',
    });
    const page1 = v.parse(ImportFulfillmentsReply, await get(`${OF_IMPORT}?import=${reply.import_id}`));
    expect(page1.fulfillments).toHaveLength(IMPORT_FULFILLMENTS_PAGE_SIZE);
    expect(page1.fulfillments[0]).toMatchObject({
      user_id: users[0]!.id,
      broker_id: firms[0]!.id,
      broker: 'OS Broker 0',
      username: 'os.user0',
      status: 'active',
      ends_at: dayStart(ENDS),
    });
    const page2 = v.parse(
      ImportFulfillmentsReply,
      await get(`${OF_IMPORT}?import=${reply.import_id}&after=${page1.next}`),
    );
    expect(page2.fulfillments[0]!.id).toBeGreaterThan(page1.fulfillments.at(-1)!.id);
  }, 180_000);
});

async function get(path: string): Promise<unknown> {
  const res = await admin.send('GET', path);
  expect(res.status).toBe(200);
  return res.json();
}

describe('one transaction', () => {
  it('writes nothing when the apply fails inside it (the audit row refused by the database)', async () => {
    const [someone] = await people(3, 'os.fail');
    const firm = await broker('OS Fail Broker');
    const isPg = engineOf(server.db) === 'postgres';
    if (isPg) {
      await sql`create function os_refuse() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`.execute(
        server.db,
      );
      await sql`create trigger os_refuse before insert on audit_log for each row when (new.category = 'broker research') execute function os_refuse()`.execute(
        server.db,
      );
    } else {
      await sql`create trigger os_refuse before insert on audit_log when new.category = 'broker research' begin select raise(abort, 'forced failure'); end`.execute(
        server.db,
      );
    }
    const fulfillments = await countOf('fulfillments');
    const imports = await countOf('other_source_imports');
    try {
      const { status } = await send(APPLY, `user,broker,starts\n${someone!.email},${firm.id},2026-12-01\n`);
      expect(status).toBe(500);
    } finally {
      await sql`drop trigger os_refuse${sql.raw(isPg ? ' on audit_log' : '')}`.execute(server.db);
      if (isPg) await sql`drop function os_refuse()`.execute(server.db);
    }
    expect(await countOf('fulfillments')).toBe(fulfillments);
    expect(await countOf('other_source_imports')).toBe(imports);
    // And with the database willing, the same file applies.
    expect((await apply(`user,broker,starts\n${someone!.email},${firm.id},2026-12-01\n`)).taken).toBe(1);
  });
});

describe('refusals', () => {
  const ok = 'user,broker,starts\nsomeone@example.com,1,2026-12-01\n';

  it('refuses a file that is not UTF-8 text, or has a wrong header, or no rows, naming the file field', async () => {
    expect((await refusal(VERIFY, new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x0a])))['file']).toBe(
      'This is not a text CSV file. It is not UTF-8 text.',
    );
    expect((await refusal(VERIFY, ok, { name: 'list.xlsx' }))['file']).toBe(
      'This is not a text CSV file. Choose a .csv (or .txt) file.',
    );
    expect((await refusal(VERIFY, 'email,broker,starts\na@b.example,1,2026-12-01\n'))['file']).toMatch(
      /^The header names a column this upload does not know: “email”\./,
    );
    expect((await refusal(VERIFY, 'user,starts\na@b.example,2026-12-01\n'))['file']).toMatch(
      /^The header has no broker column\./,
    );
    expect((await refusal(VERIFY, 'user,broker,starts,user\n'))['file']).toMatch(
      /^The header names the column user twice\./,
    );
    expect((await refusal(VERIFY, 'user,broker,starts\n\n'))['file']).toBe(
      'The file holds only its header and no rows.',
    );
    expect((await refusal(APPLY, 'user,broker,starts\n"a@b.example,1,2026-12-01\n'))['file']).toBe(
      'Row 2: The quote opened in row 2 is never closed.',
    );
  });

  it('names each missing or wrong field', async () => {
    expect(Object.keys(await refusal(VERIFY, ok, { omit: 'file' }))).toEqual(['file']);
    expect((await refusal(VERIFY, ok, { source: '   ' }))['source_name']).toBe(
      'Name the source, for example Refinitiv entitlement file.',
    );
    expect((await refusal(VERIFY, ok, { source: 'x'.repeat(121) }))['source_name']).toBeDefined();
    expect((await refusal(APPLY, ok, { dist: 'fds' }))['dist']).toBe('Choose the distributor: Product or Refinitiv.');
    expect((await refusal(APPLY, ok, { dist: '' }))['dist']).toBe('Choose the distributor.');
    expect((await refusal(APPLY, ok, { b: plain, dist: 'fds' }))['dist']).toBe('Choose the distributor: Product.');
  });

  it('refuses Refinitiv entitlements to staff without tri_submittor, and takes the product’s', async () => {
    const before = await countOf('other_source_imports');
    const { status, body } = await send(APPLY, ok, { b: plain, dist: 'tri' });
    expect(status).toBe(403);
    expect(body).toMatchObject({ status: false });
    expect(await countOf('other_source_imports')).toBe(before);
    const { status: fine } = await send(VERIFY, ok, { b: plain, dist: 'product' });
    expect(fine).toBe(200);
  });
});
