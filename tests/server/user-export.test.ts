// user/export_users/ (decision 021): every matching row as CSV (RFC 4180, BOM) or XLSX (read
// back with fflate), streamed in keyset batches, audited, and refused without its permissions.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_REFUSAL } from '../../server/api/user-list';
import { csvField, exportStream, xmlText } from '../../server/users/export';
import { CSRF_COOKIE, CSRF_FIELD } from '../../src/domain/constants';
import { FEATURE_KEYS } from '../../src/domain/features';
import { EXPORT_COLUMNS, NO_USER_FILTER } from '../../src/domain/users';
import { seedBenchUsers } from '../../bench/user-data';
import { insertOrganization, userRow } from '../support/factories';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let exporter: Browser;
const T0 = Date.UTC(2025, 2, 4, 5, 6, 7);
const ALL = NO_USER_FILTER;

beforeAll(async () => {
  server = await createTestServer();
  const org = await insertOrganization(server.db, { name: 'Quote "Co", Ltd', created_at: T0 });
  await server.db
    .insertInto('users')
    .values([
      userRow({
        username: 'q.tricky',
        email: 'tricky@x.test',
        first_name: 'Ann, "the"',
        last_name: 'Line\nBreak',
        organization_id: org,
        phone: '555 010 0000',
        expiry_dt: Date.UTC(2027, 0, 31),
        created_at: T0,
      }),
      userRow({
        username: 'q.formula',
        email: 'formula@x.test',
        first_name: '=HYPERLINK("x")',
        last_name: '<b>&amp;</b>',
        user_type: 'customer',
        created_at: T0,
      }),
      // Issue 25: a fullwidth formula, and one after a separator a spreadsheet may split on.
      userRow({
        username: 'zz.wide',
        email: 'wide@x.test',
        first_name: '＝HYPERLINK("x")',
        last_name: 'x;=1+1',
        created_at: T0,
      }),
      userRow({
        username: 'q.gone',
        email: 'gone@x.test',
        first_name: 'Gone',
        last_name: 'Away',
        deleted: 1,
        created_at: T0,
      }),
    ])
    .execute();
  await seedBenchUsers(server.db, { users: 57, orgs: 3 });
  exporter = await signIn(
    server,
    await server.createStaff({
      username: 'exporter',
      features: ['admin_panel_access', 'user_mgmt', 'export_csv_access'],
      activated: true,
    }),
  );
});
afterAll(async () => {
  await server.close();
});

/** RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks. */
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

const exportForm = (form: Record<string, string>, b = exporter) => b.post('/user/export_users/', form);
const liveUsers = async () =>
  Number(
    (
      await server.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deleted', '=', 0)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('CSV', () => {
  it('streams every matching row with a BOM, the header row and RFC 4180 quoting, as a dated attachment', async () => {
    const res = await exportForm({ format: 'csv', sort: 'username', dir: 'asc' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes.slice(3)));
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(1 + (await liveUsers()));
    const usernames = rows.slice(1).map((r) => r[1]!);
    expect(usernames).toEqual([...usernames].sort());
    const byName = Object.fromEntries(
      rows.slice(1).map((r) => [r[1], Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, r[i]]))]),
    );
    expect(byName['q.tricky']).toMatchObject({
      first_name: 'Ann, "the"',
      last_name: 'Line\nBreak',
      organization: 'Quote "Co", Ltd',
      phone: '555 010 0000',
      active: 'true',
      deleted: 'false',
      expiry_dt: '01-31-2027',
      created_at: '2025-03-04T05:06:07Z',
    });
    // A cell a spreadsheet would run as a formula is kept as text.
    expect(byName['q.formula']).toMatchObject({ first_name: `'=HYPERLINK("x")`, user_type: 'customer', expiry_dt: '' });
    expect(byName['q.gone']).toBeUndefined();
  });

  it('keeps fullwidth formulas and formulas after a ; as text, the cell quoted whole (issue 25)', async () => {
    const res = await exportForm({ format: 'csv', q: 'zz.wide' });
    const text = (await res.text()).replace(/^\uFEFF/, '');
    expect(text).toContain(`,"'＝HYPERLINK(""x"")","'x;=1+1",`);
    const [, row] = parseCsv(text);
    expect(row!.slice(3, 5)).toEqual([`'＝HYPERLINK("x")`, `'x;=1+1`]);
  });

  it('applies the filters and the search text', async () => {
    const res = await exportForm({ format: 'csv', q: 'q.', user_type: 'customer' });
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows.slice(1).map((r) => r[1])).toEqual(['q.formula']);
  });

  it('sends just the header when nothing matches', async () => {
    const res = await exportForm({ format: 'csv', q: 'nobody-at-all' });
    // (Response.text() would drop the byte-order mark.)
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())).toBe(
      `\uFEFF${EXPORT_COLUMNS.join(',')}\r\n`,
    );
  });

  it('reads the database in batches and still writes each row once, in order', async () => {
    const chunks: string[] = [];
    const reader = exportStream(server.db, ALL, { sort: 'name', dir: 'desc' }, 'csv', { batch: 7 }).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(new TextDecoder().decode(r.value));
    // One chunk per batch: the stream pulls a batch only when the reader wants more.
    expect(chunks.length).toBe(Math.ceil((await liveUsers()) / 7));
    const ids = parseCsv(chunks.join('').replace(/^\uFEFF/, ''))
      .slice(1)
      .map((r) => Number(r[0]));
    expect(new Set(ids).size).toBe(await liveUsers());
  });

  it('gives the same rows in the same order whether a search is read by its prefix ranges or along the sort index', async () => {
    const read = async (matching: number) => {
      const chunks: string[] = [];
      const reader = exportStream(server.db, { ...ALL, q: 'b.' }, { sort: 'email', dir: 'asc' }, 'csv', {
        batch: 5,
        matching,
      }).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read())
        chunks.push(new TextDecoder().decode(r.value));
      return parseCsv(chunks.join('').replace(/^\uFEFF/, ''))
        .slice(1)
        .map((r) => r[0]);
    };
    const byRanges = await read(1);
    expect(byRanges.length).toBeGreaterThan(20);
    expect(await read(1_000_000)).toEqual(byRanges);
  });

  it('quotes only what needs it', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@home, now')).toBe(`"'@home, now"`);
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
    expect(csvField(false)).toBe('false');
  });
});

describe('XLSX', () => {
  async function unzipResponse(res: Response): Promise<Record<string, string>> {
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
  }

  it('is a workbook whose sheet holds the header and every row as inline strings, numbers and booleans', async () => {
    const res = await exportForm({ format: 'xlsx', q: 'q.', deleted: 'exclude' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/filename="users-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const files = await unzipResponse(res);
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files['xl/workbook.xml']).toContain('<sheet name="Users" sheetId="1" r:id="rId1"/>');
    const sheet = files['xl/worksheets/sheet1.xml']!;
    const rows = sheet.match(/<row r="\d+">[\s\S]*?<\/row>/g)!;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      /^<row r="1"><c s="1" t="inlineStr"><is><t>id<\/t><\/is><\/c><c s="1" t="inlineStr"><is><t>username<\/t>/,
    );
    expect(rows[0]).toContain('<t>created_at</t>');
    // Cells carry no reference: each row holds every column, an empty one as <c/>.
    for (const row of rows) expect(row.match(/<c[ />]/g)).toHaveLength(EXPORT_COLUMNS.length);
    // Order is id desc by default: q.formula was inserted after q.tricky.
    expect(rows[1]).toContain('&lt;b&gt;&amp;amp;&lt;/b&gt;');
    expect(rows[1]).toContain('=HYPERLINK("x")');
    const cells = (row: string) => row.match(/<c[^>]*\/>|<c[^>]*>[\s\S]*?<\/c>/g)!;
    expect(cells(rows[1]!)[EXPORT_COLUMNS.indexOf('active')]).toBe('<c t="b"><v>1</v></c>');
    expect(cells(rows[1]!)[EXPORT_COLUMNS.indexOf('phone')]).toBe('<c/>');
    expect(rows[2]).toContain('Ann, "the"');
    expect(rows[2]).toContain('Line\nBreak');
    expect(cells(rows[2]!)[0]).toMatch(/^<c><v>\d+<\/v><\/c>$/);
    expect(cells(rows[2]!)[EXPORT_COLUMNS.indexOf('phone')]).toBe('<c t="inlineStr"><is><t>555 010 0000</t></is></c>');
  });

  it('writes created_at as a real date-time: a serial day number in a date-styled cell', async () => {
    const files = await unzipResponse(await exportForm({ format: 'xlsx', q: 'q.', deleted: 'exclude' }));
    const sheet = files['xl/worksheets/sheet1.xml']!;
    const row = sheet.match(/<row r="2">[\s\S]*?<\/row>/)![0];
    const cells = row.match(/<c[^>]*\/>|<c[^>]*>[\s\S]*?<\/c>/g)!;
    const created = cells[EXPORT_COLUMNS.indexOf('created_at')]!;
    const [, style, serial] = /^<c s="(\d+)"><v>([\d.]+)<\/v><\/c>$/.exec(created)!;
    // Days since 1899-12-30, so 2025-03-04 05:06:07 UTC is 45720 and a fraction of a day.
    expect(Number(serial)).toBeCloseTo(T0 / 86_400_000 + 25_569, 8);
    expect(Math.floor(Number(serial))).toBe(Math.floor((T0 - Date.UTC(1899, 11, 30)) / 86_400_000));
    // The cell's style is the one whose number format is a date-time.
    const styles = files['xl/styles.xml']!;
    const xfs = styles.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)![1]!.match(/<xf [^>]*\/>/g)!;
    const fmtId = /numFmtId="(\d+)"/.exec(xfs[Number(style)]!)![1];
    expect(styles).toContain(`<numFmt numFmtId="${fmtId}" formatCode="yyyy-mm-dd hh:mm:ss"/>`);
  });

  it('continues on further sheets past the rows a sheet may hold', async () => {
    const chunks: Uint8Array[] = [];
    const reader = exportStream(server.db, ALL, { sort: 'id', dir: 'asc' }, 'xlsx', {
      batch: 10,
      rowsPerSheet: 25,
    }).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    const files = unzipSync(new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer()));
    const total = await liveUsers();
    const sheets = Object.keys(files)
      .filter((n) => n.startsWith('xl/worksheets/'))
      .sort();
    expect(sheets).toHaveLength(Math.ceil(total / 25));
    const dataRows = sheets.map((n) => strFromU8(files[n]!).match(/<row /g)!.length - 1);
    expect(dataRows.reduce((a, b) => a + b, 0)).toBe(total);
    expect(dataRows[0]).toBe(25);
    expect(strFromU8(files['xl/workbook.xml']!)).toContain(`<sheet name="Users ${sheets.length}"`);
    expect(strFromU8(files['[Content_Types].xml']!)).toContain(`/xl/worksheets/sheet${sheets.length}.xml`);
  });

  it('drops characters XML cannot carry', () => {
    expect(xmlText('a\u0001b\uD800c<&>')).toBe('abc&lt;&amp;&gt;');
    expect(xmlText('😀')).toBe('😀');
  });
});

describe('access and audit', () => {
  it('records one entry with the count and the filter before streaming', async () => {
    await server.db.deleteFrom('audit_log').execute();
    await (await exportForm({ format: 'csv', user_type: 'customer' })).arrayBuffer();
    const entries = await server.db.selectFrom('audit_log').selectAll().where('action', 'like', 'exported%').execute();
    const customers = Number(
      (
        await server.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_type', '=', 'customer')
          .where('deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      category: 'user',
      author: 'exporter',
      action: `exported ${customers} users`,
      success: 1,
    });
    expect(JSON.parse(entries[0]!.current_data!)).toMatchObject({
      format: 'csv',
      filter: { user_type: 'customer', deleted: 'exclude' },
      sort: 'id',
      dir: 'desc',
      matched: customers,
    });
  });

  it('refuses deleted users without deleted_user, and answers with them to its holders', async () => {
    const res = await exportForm({ format: 'csv', deleted: 'only' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ status: false, msg: DELETED_REFUSAL });
    const full = await signIn(
      server,
      await server.createStaff({ username: 'auditor', features: [...FEATURE_KEYS], activated: true }),
    );
    const rows = parseCsv(
      (await (await exportForm({ format: 'csv', deleted: 'only', q: 'q.' }, full)).text()).replace(/^\uFEFF/, ''),
    );
    expect(rows.slice(1).map((r) => r[1])).toEqual(['q.gone']);
  });

  it('refuses staff without export_csv_access', async () => {
    const lister = await signIn(
      server,
      await server.createStaff({ username: 'lister', features: ['admin_panel_access', 'user_mgmt'], activated: true }),
    );
    expect((await exportForm({ format: 'csv' }, lister)).status).toBe(403);
  });

  it('takes the plain form post of the page: token in csrfmiddlewaretoken, same-origin Origin', async () => {
    const token = exporter.cookie(CSRF_COOKIE)!;
    const res = await exporter.send('POST', '/user/export_users/', {
      csrf: false,
      form: { format: 'csv', [CSRF_FIELD]: token },
    });
    expect(res.status).toBe(200);
    const foreign = await exporter.send('POST', '/user/export_users/', {
      csrf: false,
      form: { format: 'csv', [CSRF_FIELD]: token },
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
  });

  it('refuses an unknown format with 400', async () => {
    expect((await exportForm({ format: 'pdf' })).status).toBe(400);
  });
});
