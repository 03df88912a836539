// Broker Research, Control Panel (decision 056): the research flags of a distributor read
// (result.status) and saved from the version read (a save in between is told: 409 with the flags
// now), each save one transaction with its 'broker research' audit row; dist=tri only for a
// session with tri_submittor (403 otherwise), any other distributor refused by name (400), bad
// flags refused field by field, never a 500; and the count of submissions waiting
// (get_new_researchreports/: fetch_new, latest). On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESEARCH_FLAGS, type ResearchFlags } from '../../src/domain/broker-research';
import { FlagsReply, NewSubmissionsReply, StaleFlagsReply } from '../../src/domain/broker-research-control-panel';
import { BadRequestReply } from '../../src/domain/field-errors';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';

let server: TestServer;
let tri: Browser;
let tri2: Browser;
let plain: Browser;
let outsider: Browser;
let submitterId: number;
const PRODUCT = 'product';
const FLAGS = '/api/researchreports/brflags/';
const NEW = '/api/researchreports/get_new_researchreports/';

beforeAll(async () => {
  server = await createTestServer();
  tri = await signIn(
    server,
    await server.createStaff({
      username: 'flagger',
      features: ['admin_panel_access', 'br_research'],
      otherFeatures: ['tri_submittor'],
      activated: true,
    }),
  );
  tri2 = await signIn(
    server,
    await server.createStaff({
      username: 'flagger2',
      features: ['admin_panel_access', 'br_research'],
      otherFeatures: ['tri_submittor'],
      activated: true,
    }),
  );
  plain = await signIn(
    server,
    await server.createStaff({
      username: 'plainstaff',
      features: ['admin_panel_access', 'br_research'],
      activated: true,
    }),
  );
  outsider = await signIn(
    server,
    await server.createStaff({ username: 'outsider', features: ['admin_panel_access', 'user_mgmt'], activated: true }),
  );
  submitterId = (
    await server.db.selectFrom('users').select('id').where('username', '=', 'plainstaff').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server.close();
});

async function read(dist: string, b = tri) {
  const res = await b.send('GET', `${FLAGS}?${new URLSearchParams({ dist })}`);
  return { status: res.status, body: (await res.json()) as unknown };
}
async function readOk(dist: string, b = tri) {
  const { status, body } = await read(dist, b);
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(FlagsReply, body);
}
async function save(form: Record<string, string>, b = tri) {
  const res = await b.send('PUT', FLAGS, { form });
  return { status: res.status, body: (await res.json()) as unknown };
}
const saveForm = (dist: string, flags: unknown, version: number) => ({
  dist,
  flags: JSON.stringify(flags),
  version: String(version),
});
const refusal = (body: unknown) => v.parse(BadRequestReply, body);
const auditRows = () =>
  server.db
    .selectFrom('audit_log')
    .selectAll()
    .where('category', '=', 'broker research')
    .where('action', 'like', 'research flags saved: %')
    .orderBy('id')
    .execute();

describe('read and save', () => {
  it('reads flags never saved as the defaults at version 0, by nobody', async () => {
    expect(await readOk(PRODUCT)).toEqual({
      status: true,
      msg: '',
      result: { status: DEFAULT_RESEARCH_FLAGS },
      dist: PRODUCT,
      version: 0,
      updated_by: null,
      updated_at: null,
    });
  });

  it('saves from the version read, says so, and the next read (by anyone) shows it with who and when', async () => {
    const before = await readOk(PRODUCT);
    const wanted: ResearchFlags = { ...before.result.status, requests_open: false, mifid_enforced: false };
    const { status, body } = await save(saveForm(PRODUCT, wanted, before.version));
    expect(status, JSON.stringify(body)).toBe(200);
    const reply = v.parse(FlagsReply, body);
    expect(reply.msg).toBe('Research flags of Product saved.');
    expect(reply.result.status).toEqual(wanted);
    expect(reply).toMatchObject({ version: before.version + 1, updated_by: 'flagger' });
    expect(await readOk(PRODUCT, plain)).toEqual({ ...reply, msg: '' });
    const row = (await auditRows()).at(-1)!;
    expect(row).toMatchObject({ author: 'flagger', success: 1 });
    expect(JSON.parse(row.previous_data!)).toEqual({ dist: PRODUCT, ...before.result.status, version: before.version });
    expect(JSON.parse(row.current_data!)).toEqual({ dist: PRODUCT, ...wanted, version: before.version + 1 });
    // A second save goes on from the version it answered.
    const again = await save(saveForm(PRODUCT, { ...wanted, notify_users: false }, reply.version));
    expect(again.status).toBe(200);
    expect(v.parse(FlagsReply, again.body).version).toBe(reply.version + 1);
  });

  it('saves the spec §7 form (dist and flags alone) over what is stored, audited as unversioned', async () => {
    const before = await readOk(PRODUCT);
    const wanted: ResearchFlags = { ...before.result.status, notify_users: !before.result.status.notify_users };
    const { status, body } = await save({ dist: PRODUCT, flags: JSON.stringify(wanted) });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(v.parse(FlagsReply, body)).toMatchObject({ version: before.version + 1, result: { status: wanted } });
    const row = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'like', 'research flags saved without a version: %')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.current_data!)).toEqual({ dist: PRODUCT, ...wanted, version: before.version + 1 });
  });

  it('keeps each distributor apart', async () => {
    const product = await readOk(PRODUCT);
    const t = await readOk('tri');
    const { status } = await save(saveForm('tri', { ...t.result.status, user_submission: false }, t.version));
    expect(status).toBe(200);
    expect((await readOk('tri')).result.status.user_submission).toBe(false);
    expect(await readOk(PRODUCT)).toEqual(product);
  });
});

describe('two saves at once', () => {
  it('of two saves from the same version one wins; the other is told who, with the flags now, and nothing of it is stored', async () => {
    const start = await readOk(PRODUCT);
    const mine = { ...start.result.status, research_enabled: !start.result.status.research_enabled };
    const theirs = { ...start.result.status, send_to_broker: !start.result.status.send_to_broker };
    const audits = (await auditRows()).length;
    const [a, b] = await Promise.all([
      save(saveForm(PRODUCT, mine, start.version)),
      save(saveForm(PRODUCT, theirs, start.version), tri2),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    const winner = a.status === 200 ? 'flagger' : 'flagger2';
    const stale = v.parse(StaleFlagsReply, lost.body);
    expect(stale.msg).toBe(
      `${winner} saved the research flags of Product after you opened them; nothing of yours was saved.`,
    );
    expect(stale.current).toEqual({
      dist: PRODUCT,
      flags: v.parse(FlagsReply, won.body).result.status,
      version: start.version + 1,
      updated_by: winner,
      updated_at: expect.any(Number),
    });
    expect((await readOk(PRODUCT)).result.status).toEqual(v.parse(FlagsReply, won.body).result.status);
    expect((await auditRows()).length).toBe(audits + 1);
  });

  it('two first saves of a distributor never saved: one inserts, the other is told', async () => {
    const fresh = await createTestServer();
    try {
      const one = await signIn(
        fresh,
        await fresh.createStaff({ username: 'one', features: ['admin_panel_access', 'br_research'], activated: true }),
      );
      const two = await signIn(
        fresh,
        await fresh.createStaff({ username: 'two', features: ['admin_panel_access', 'br_research'], activated: true }),
      );
      const put = async (b: Browser, flags: ResearchFlags) =>
        (await b.send('PUT', FLAGS, { form: saveForm(PRODUCT, flags, 0) })).status;
      const statuses = await Promise.all([
        put(one, { ...DEFAULT_RESEARCH_FLAGS, notify_users: false }),
        put(two, { ...DEFAULT_RESEARCH_FLAGS, mifid_enforced: false }),
      ]);
      expect(statuses.sort()).toEqual([200, 409]);
      expect(await fresh.db.selectFrom('research_flags').select('version').execute()).toEqual([{ version: 1 }]);
    } finally {
      await fresh.close();
    }
  });
});

describe('who may read and save which distributor', () => {
  it('refuses tri to a session without tri_submittor (403), reading and saving, and stores nothing', async () => {
    const before = await readOk('tri');
    const r = await read('tri', plain);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      status: false,
      msg: 'The Refinitiv flags need the Refinitiv submitter permission.',
    });
    const s = await save(saveForm('tri', DEFAULT_RESEARCH_FLAGS, before.version), plain);
    expect(s.status).toBe(403);
    expect(await readOk('tri')).toEqual(before);
  });

  it('lets that session read and save the product flags', async () => {
    const before = await readOk(PRODUCT, plain);
    const { status } = await save(saveForm(PRODUCT, before.result.status, before.version), plain);
    expect(status).toBe(200);
  });

  it('refuses an unknown distributor by name (400), to everyone', async () => {
    for (const b of [tri, plain]) {
      const r = await read('fds', b);
      expect(r.status).toBe(400);
      expect(refusal(r.body).fields).toEqual({ dist: 'There is no distributor fds.' });
      const s = await save(saveForm('fds', DEFAULT_RESEARCH_FLAGS, 0), b);
      expect(s.status).toBe(400);
      expect(refusal(s.body).fields).toEqual({ dist: 'There is no distributor fds.' });
    }
    expect(await server.db.selectFrom('research_flags').select('dist').where('dist', '=', 'fds').execute()).toEqual([]);
  });

  it('refuses a session without br_research (403)', async () => {
    expect((await read(PRODUCT, outsider)).status).toBe(403);
    expect((await save(saveForm(PRODUCT, DEFAULT_RESEARCH_FLAGS, 1), outsider)).status).toBe(403);
    expect((await outsider.send('GET', NEW)).status).toBe(403);
  });
});

describe('bad input', () => {
  it('names each field: no dist, flags not JSON, a flag not true/false, an unknown or missing flag, a version not read', async () => {
    const cases: [Record<string, string>, Record<string, string | RegExp>][] = [
      [{ flags: JSON.stringify(DEFAULT_RESEARCH_FLAGS), version: '1' }, { dist: /./ }],
      [
        { dist: 'Pro duct', flags: JSON.stringify(DEFAULT_RESEARCH_FLAGS), version: '1' },
        { dist: 'Name a distributor by its key.' },
      ],
      [{ dist: PRODUCT, flags: '{oops', version: '1' }, { flags: 'flags must be JSON.' }],
      [
        { dist: PRODUCT, flags: JSON.stringify({ ...DEFAULT_RESEARCH_FLAGS, requests_open: 'yes' }), version: '1' },
        { 'flags.requests_open': 'Requests must be on or off.' },
      ],
      [
        { dist: PRODUCT, flags: JSON.stringify({ ...DEFAULT_RESEARCH_FLAGS, teleport: true }), version: '1' },
        { 'flags.teleport': /./ },
      ],
      [
        { dist: PRODUCT, flags: JSON.stringify({ research_enabled: true }), version: '1' },
        { 'flags.requests_open': /./ },
      ],
      [
        { dist: PRODUCT, flags: JSON.stringify(DEFAULT_RESEARCH_FLAGS), version: '-1' },
        { version: 'Expected the version the flags were read at.' },
      ],
    ];
    const before = await readOk(PRODUCT);
    for (const [form, fields] of cases) {
      const { status, body } = await save(form);
      expect(status, JSON.stringify(body)).toBe(400);
      const got = refusal(body).fields;
      for (const [k, m] of Object.entries(fields))
        expect(got[k], `${JSON.stringify(form)} → ${JSON.stringify(got)}`).toMatch(m);
    }
    expect((await read('', tri)).status).toBe(400);
    expect(await readOk(PRODUCT)).toEqual(before);
  });
});

describe('get_new_researchreports/', () => {
  it('counts the submissions waiting (status new) and lists the latest N of them, newest first', async () => {
    const now = Date.now();
    const row = (title: string, status: 'new' | 'in_review' | 'published', ago: number) => ({
      user_id: submitterId,
      broker_id: null,
      title,
      summary: '',
      tickers: '',
      file_name: 'a.pdf',
      file_size: 1000,
      status,
      reason: null,
      submitted_at: now - ago,
      reviewed_by: null,
      reviewed_at: null,
    });
    await server.db
      .insertInto('research_submissions')
      .values([
        row('Oldest waiting', 'new', 3000),
        row('Newest waiting', 'new', 1000),
        row('Middle waiting', 'new', 2000),
        row('Under review', 'in_review', 500),
        row('Out', 'published', 100),
      ])
      .execute();
    const get = async (query: string) => {
      const res = await tri.send('GET', `${NEW}${query}`);
      expect(res.status).toBe(200);
      return v.parse(NewSubmissionsReply, await res.json());
    };
    expect(await get('')).toEqual({ status: true, result: { SUBMISSION_STATUS_NEW: 3, latest: [] } });
    const two = await get('?latest=2&fetch_new=true');
    expect(two.result.SUBMISSION_STATUS_NEW).toBe(3);
    expect(two.result.latest.map((s) => s.title)).toEqual(['Newest waiting', 'Middle waiting']);
    expect(two.result.latest[0]).toMatchObject({ username: 'plainstaff', submitted_at: now - 1000 });
    const onlyLatest = await get('?latest=5&fetch_new=false');
    expect(onlyLatest.result.SUBMISSION_STATUS_NEW).toBeUndefined();
    expect(onlyLatest.result.latest).toHaveLength(3);
    for (const bad of ['?latest=21', '?latest=-1', '?latest=x', '?fetch_new=maybe']) {
      const res = await tri.send('GET', `${NEW}${bad}`);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(refusal(await res.json()).fields)).toEqual([bad.includes('latest') ? 'latest' : 'fetch_new']);
    }
  });
});
