// Reports Dashboard (decision 063): every counter of migration 029 equals what a GROUP BY over the
// real tables says, after inserts, edits that move users between cells, deletions and a bulk
// statement; each panel's charts from those counters (range, organization); the sub-views behind
// their own features; bad input answered at its field, never a 500. On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChartsReply,
  DAY_MS,
  REPORT_PANELS,
  ReportReply,
  chartCsv,
  defaultRange,
  type Chart,
} from '../../src/domain/reports';
import { BadRequestReply } from '../../src/domain/field-errors';
import { writeAudit } from '../../server/audit';
import { weekOf } from '../../server/reports/counters';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { isoDayOf } from '../../src/domain/format';

let server: TestServer;
let lead: Browser;
let outsider: Browser;
let orgA: number;
let orgB: number;
const NOW = Date.now();
const TODAY = isoDayOf(NOW);
const DASH = '/api/reports/dashboard/';

beforeAll(async () => {
  server = await createTestServer();
  lead = await signIn(
    server,
    await server.createStaff({
      username: 'lead',
      features: ['admin_panel_access', 'reports_dashboard_tab', 'analytics_tab', 'depth_analytics'],
      activated: true,
    }),
  );
  outsider = await signIn(
    server,
    await server.createStaff({ username: 'outsider', features: ['admin_panel_access', 'user_mgmt'], activated: true }),
  );
  orgA = Number(
    (
      await server.db
        .insertInto('organizations')
        .values({ name: 'Harbor Capital', salesforce_id: null, sf_acc_id: null, created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  orgB = Number(
    (
      await server.db
        .insertInto('organizations')
        .values({ name: 'Summit Partners', salesforce_id: null, sf_acc_id: null, created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
});
afterAll(async () => {
  await server.close();
});

let seq = 0;
interface UserOver {
  org?: number | null;
  type?: string;
  category?: string;
  configuration?: string;
  status?: string | null;
  active?: 0 | 1;
  created?: number;
  expiry?: number | null;
}
function userRow(o: UserOver = {}) {
  seq += 1;
  return {
    username: `member${seq}`,
    email: `member${seq}@example.com`,
    first_name: 'Member',
    last_name: String(seq),
    organization_id: o.org === undefined ? orgA : o.org,
    user_type: o.type ?? 'customer',
    user_category: o.category ?? 'general',
    user_role: null,
    owner: null,
    product_configuration: o.configuration ?? 'acme_basic',
    data_plan: '[]',
    expiry_dt: o.expiry === undefined ? null : o.expiry,
    active: o.active ?? 1,
    deleted: 0 as const,
    is_account_admin: 0 as const,
    allowed_st: '[]',
    flags: '{}',
    password_hash: null,
    created_at: o.created ?? NOW,
    updated_at: NOW,
    phone: null,
    subscription_status: o.status === undefined ? 'PURCHASE' : o.status,
    sf_contact_id: null,
    updated_by: null,
  };
}
async function addUser(o: UserOver = {}): Promise<number> {
  return Number((await server.db.insertInto('users').values(userRow(o)).returning('id').executeTakeFirstOrThrow()).id);
}

async function panel(name: string, query: Record<string, string> = {}, b = lead): Promise<Chart[]> {
  const res = await b.send('GET', `${DASH}?${new URLSearchParams({ panel: name, from: TODAY, to: TODAY, ...query })}`);
  expect(res.status).toBe(200);
  return v.parse(ReportReply, await res.json()).charts;
}
const chart = (charts: Chart[], id: string) => charts.find((c) => c.id === id) ?? expect.fail(`no chart ${id}`);
const valueOf = (c: Chart, label: string, column = 0) => c.rows.find((r) => r.label === label)?.values[column] ?? 0;

/** The counters of one metric and scope, as label → n, without zeros. */
async function counters(metric: string, org = 0): Promise<Record<string, number>> {
  const rows = await server.db
    .selectFrom('report_counts')
    .select(['bucket', 'key', 'n'])
    .where('metric', '=', metric)
    .where('org_id', '=', org)
    .where('n', '<>', 0)
    .execute();
  return Object.fromEntries(rows.map((r) => [`${Number(r.bucket)}|${r.key}`, Number(r.n)]));
}
/** The same, counted from users directly. */
async function truthOfUsers(org: number | null): Promise<Record<string, number>> {
  let q = server.db
    .selectFrom('users')
    .select([
      'user_type',
      'user_category',
      'product_configuration',
      'subscription_status',
      'active',
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('deleted', '=', 0)
    .groupBy(['user_type', 'user_category', 'product_configuration', 'subscription_status', 'active']);
  if (org !== null) q = q.where('organization_id', '=', org);
  const rows = await q.execute();
  return Object.fromEntries(
    rows.map((r) => [
      `0|${r.user_type}|${r.user_category}|${r.product_configuration}|${r.subscription_status ?? ''}|${r.active}`,
      Number(r.n),
    ]),
  );
}

describe('the counters follow the tables', () => {
  it('stay equal to a GROUP BY over users through inserts, edits, deletions and a bulk statement', async () => {
    for (let i = 0; i < 40; i += 1) {
      await addUser({
        org: [orgA, orgB, null][i % 3]!,
        type: ['trial', 'customer', 'journalist'][i % 3]!,
        status: [null, 'TRIAL', 'CANCELLED', 'PURCHASE'][i % 4]!,
        active: i % 5 === 0 ? 0 : 1,
      });
    }
    const ids = (await server.db.selectFrom('users').select('id').where('username', 'like', 'member%').execute()).map(
      (r) => Number(r.id),
    );
    await server.db
      .updateTable('users')
      .set({ user_type: 'customer', subscription_status: 'PURCHASE' })
      .where('id', '=', ids[0]!)
      .execute();
    await server.db.updateTable('users').set({ organization_id: orgB }).where('id', '=', ids[1]!).execute();
    await server.db.updateTable('users').set({ deleted: 1 }).where('id', '=', ids[2]!).execute();
    await server.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', ids[3]!).execute();
    await server.db.updateTable('users').set({ active: 0 }).where('id', 'in', ids.slice(10, 30)).execute();
    await server.db.deleteFrom('users').where('id', '=', ids[4]!).execute();
    expect(await counters('users')).toEqual(await truthOfUsers(null));
    expect(await counters('users', orgA)).toEqual(await truthOfUsers(orgA));
    expect(await counters('users', orgB)).toEqual(await truthOfUsers(orgB));
  });

  it('count sign-in events and staff changes per day, and feed the event store', async () => {
    const auth = await counters('auth');
    expect(auth[`${Math.floor(NOW / DAY_MS) * DAY_MS}|signed_in`]).toBeGreaterThanOrEqual(2);
    const signedIn = await server.db
      .selectFrom('events')
      .innerJoin('users', 'users.id', 'events.user_id')
      .select(['events.name', 'users.username'])
      .where('events.name', '=', 'Signed in')
      .execute();
    expect(signedIn.map((e) => e.username).sort()).toEqual(['lead', 'outsider']);
    const activeToday = await server.db
      .selectFrom('event_user_days')
      .select('user_id')
      .where('day', '=', Math.floor(NOW / DAY_MS) * DAY_MS)
      .execute();
    expect(activeToday.length).toBe(2);
  });
});

describe('panels', () => {
  it('profile: users by type, category, configuration, status and active, narrowed by organization', async () => {
    const all = await panel('profile');
    const truth = await truthOfUsers(null);
    const total = Object.values(truth).reduce((a, b) => a + b, 0);
    for (const id of [
      'users-by-type',
      'users-by-category',
      'users-by-configuration',
      'users-by-subscription',
      'active-vs-inactive',
    ]) {
      expect(chart(all, id).rows.reduce((a, r) => a + r.values[0]!, 0)).toBe(total);
    }
    expect(chart(all, 'users-by-type').rows.map((r) => r.label)).toContain('Trial');
    expect(chart(all, 'users-by-subscription').rows.map((r) => r.label)).toContain('Not recorded');
    const a = await panel('profile', { org_id: String(orgA) });
    const orgTotal = Object.values(await truthOfUsers(orgA)).reduce((x, y) => x + y, 0);
    expect(chart(a, 'active-vs-inactive').rows.reduce((x, r) => x + r.values[0]!, 0)).toBe(orgTotal);
    expect(orgTotal).toBeLessThan(total);
  });

  it('growth: new users and trials expiring per week, with the weeks after the range', async () => {
    const monday = weekOf(NOW);
    await addUser({ org: orgB, created: monday - 7 * DAY_MS + 1000 });
    await addUser({ org: orgB, type: 'trial', expiry: monday + 21 * DAY_MS + 5 });
    const charts = await panel('growth', { from: isoDayOf(monday - 7 * DAY_MS), to: TODAY, org_id: String(orgB) });
    const created = chart(charts, 'new-users-per-week');
    expect(created.rows.map((r) => r.label)).toEqual([isoDayOf(monday - 7 * DAY_MS), isoDayOf(monday)]);
    expect(valueOf(created, isoDayOf(monday - 7 * DAY_MS))).toBe(1);
    const expiring = chart(charts, 'expiring-trials-per-week');
    expect(valueOf(expiring, isoDayOf(monday + 21 * DAY_MS))).toBe(1);
  });

  it('sign-ins and failed sign-ins per day, every day of the range shown', async () => {
    const res = await lead.send('POST', '/login_account_new/', {
      form: { username: 'lead', password: 'wrong-password-1' },
    });
    expect(res.status).toBe(200);
    const from = isoDayOf(NOW - 6 * DAY_MS);
    const charts = await panel('sign_ins', { from });
    const ok = chart(charts, 'sign-ins-per-day');
    expect(ok.rows).toHaveLength(7);
    expect(valueOf(ok, TODAY)).toBeGreaterThanOrEqual(2);
    expect(valueOf(chart(charts, 'failed-sign-ins-per-day'), TODAY, 0)).toBeGreaterThanOrEqual(1);
  });

  it('staff activity per category per day', async () => {
    await writeAudit(server.db, { category: 'group', author: 'lead', action: 'group renamed', at: NOW, success: true });
    await writeAudit(server.db, { category: 'group', author: 'lead', action: 'group renamed', at: NOW, success: true });
    const c = chart(await panel('activity'), 'staff-changes-per-day');
    expect(valueOf(c, TODAY, c.series.indexOf('Group'))).toBe(2);
  });

  it('tag usage (all, and one organization) and bulk operations per day', async () => {
    const tag = Number(
      (
        await server.db
          .insertInto('tags')
          .values({ name: 'Priority', parent_id: null, icon: null, is_group: 0, created_by: 'lead', created_at: NOW })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const inA = await addUser({ org: orgA });
    const inB = await addUser({ org: orgB });
    await server.db
      .insertInto('user_tags')
      .values([
        { user_id: inA, tag_id: tag },
        { user_id: inB, tag_id: tag },
      ])
      .execute();
    await server.db
      .insertInto('bulk_operations')
      .values({ operation_id: 'op-1', staff_user_id: inA, status: 'applied', report: '{}', created_at: NOW })
      .execute();
    const all = await panel('tags');
    expect(valueOf(chart(all, 'tag-usage'), 'Priority')).toBe(2);
    expect(valueOf(chart(all, 'bulk-operations-per-day'), TODAY)).toBe(1);
    expect(valueOf(chart(await panel('tags', { org_id: String(orgA) }), 'tag-usage'), 'Priority')).toBe(1);
    await server.db.deleteFrom('user_tags').where('user_id', '=', inB).execute();
    expect(valueOf(chart(await panel('tags'), 'tag-usage'), 'Priority')).toBe(1);
  });

  it('every panel answers for a year at every organization', async () => {
    for (const p of REPORT_PANELS)
      expect((await panel(p, { from: isoDayOf(NOW - 364 * DAY_MS) })).length).toBeGreaterThan(0);
  });
});

describe('sub-views', () => {
  it('analytics: events per day by name, for everyone and for one person', async () => {
    const lead_id = Number(
      (await server.db.selectFrom('users').select('id').where('username', '=', 'lead').executeTakeFirstOrThrow()).id,
    );
    const res = await lead.send('POST', '/user/fetch_user_analytics/', {
      form: { from: TODAY, to: TODAY, org_id: '' },
    });
    expect(res.status).toBe(200);
    const charts = v.parse(ChartsReply, await res.json()).charts;
    expect(valueOf(chart(charts, 'events-by-name'), 'Signed in')).toBeGreaterThanOrEqual(2);
    const mine = await lead.send('POST', '/user/fetch_user_analytics/', {
      form: { from: TODAY, to: TODAY, user_id: String(lead_id) },
    });
    expect(valueOf(chart(v.parse(ChartsReply, await mine.json()).charts, 'events-by-name'), 'Signed in')).toBe(1);
  });

  it('the spec §7 calls without a range answer for the last 30 days ending today', async () => {
    const asked = defaultRange(Date.now());
    expect(Object.keys(asked)).toEqual(['from', 'to']);
    const bare = await lead.send('POST', '/user/fetch_user_analytics/', { form: {} });
    expect(bare.status).toBe(200);
    const explicit = await lead.send('POST', '/user/fetch_user_analytics/', { form: { ...asked, org_id: '' } });
    expect(v.parse(ChartsReply, await bare.json())).toEqual(v.parse(ChartsReply, await explicit.json()));
    const onlyTo = await lead.send('POST', '/user/fetch_user_analytics/', { form: { to: asked.to } });
    expect(onlyTo.status).toBe(200);
  });

  it('depth: people active per day and events per person', async () => {
    const res = await lead.send('GET', `/api/reports/depth/?${new URLSearchParams({ from: TODAY, to: TODAY })}`);
    const charts = v.parse(ChartsReply, await res.json()).charts;
    expect(valueOf(chart(charts, 'active-people-per-day'), TODAY)).toBe(2);
    expect(valueOf(chart(charts, 'events-per-active-person'), TODAY)).toBeGreaterThan(0);
  });
});

describe('refusals', () => {
  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ panel: 'profile', from: 'yesterday', to: TODAY }, 'from'],
      [{ panel: 'profile', from: '2026-02-30', to: TODAY }, 'from'],
      [{ panel: 'profile', from: TODAY, to: isoDayOf(NOW - DAY_MS) }, 'to'],
      [{ panel: 'profile', from: '2020-01-01', to: TODAY }, 'to'],
      [{ panel: 'pies', from: TODAY, to: TODAY }, 'panel'],
      [{ panel: 'profile', from: TODAY, to: TODAY, org_id: 'x' }, 'org_id'],
      [{ panel: 'profile', from: TODAY, to: TODAY, org_id: '999999' }, 'org_id'],
    ];
    for (const [query, field] of cases) {
      const res = await lead.send('GET', `${DASH}?${new URLSearchParams(query)}`);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(v.parse(BadRequestReply, await res.json()).fields ?? {})).toContain(field);
    }
    const noUser = await lead.send('POST', '/user/fetch_user_analytics/', {
      form: { from: TODAY, to: TODAY, user_id: '999999' },
    });
    expect(noUser.status).toBe(400);
  });

  it('each view needs its own feature', async () => {
    expect(
      (await outsider.send('GET', `${DASH}?${new URLSearchParams({ panel: 'profile', from: TODAY, to: TODAY })}`))
        .status,
    ).toBe(403);
    expect(
      (await lead.send('POST', '/segment/fetch_segmentio_events/', { form: { from: TODAY, to: TODAY } })).status,
    ).toBe(403);
    expect(
      (await outsider.send('GET', `/api/reports/depth/?${new URLSearchParams({ from: TODAY, to: TODAY })}`)).status,
    ).toBe(403);
  });
});

describe('a chart as a file', () => {
  it('writes the table as CSV, quoting what needs it and defusing formulas', () => {
    const csv = chartCsv({
      id: 'x',
      title: 'X',
      axis: 'category',
      label: 'Tag',
      series: ['Users'],
      rows: [
        { label: 'A, "B"', values: [3] },
        { label: '=SUM(1)', values: [1] },
      ],
    });
    expect(csv).toBe('Tag,Users\r\n"A, ""B""",3\r\n\'=SUM(1),1\r\n');
  });
});
