// The event store (decision 063): events newest first, 50 a page, from a keyset cursor that walks
// every event once; narrowed by name and by organization; one person's summary; events recorded
// by another source counted per day and name and per active person; bad input at its field. On
// SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_PAGE_SIZE,
  EventsReply,
  UserSegmentReply,
  eventCursorText,
  type EventItem,
} from '../../src/domain/events';
import { DAY_MS } from '../../src/domain/reports';
import { BadRequestReply } from '../../src/domain/field-errors';
import { recordEvents } from '../../server/events/store';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { isoDayOf } from '../../src/domain/format';

let server: TestServer;
let analyst: Browser;
let reader: number;
let orgId: number;
const NOW = Date.now();
const TODAY = isoDayOf(NOW);
const FROM = isoDayOf(NOW - 9 * DAY_MS);
const LIST = '/segment/fetch_segmentio_events/';

beforeAll(async () => {
  server = await createTestServer();
  analyst = await signIn(
    server,
    await server.createStaff({
      username: 'analyst',
      features: ['admin_panel_access', 'segmentio_tab'],
      activated: true,
    }),
  );
  await server.createStaff({ username: 'reader', features: [] });
  reader = Number(
    (await server.db.selectFrom('users').select('id').where('username', '=', 'reader').executeTakeFirstOrThrow()).id,
  );
  orgId = Number(
    (
      await server.db
        .insertInto('organizations')
        .values({ name: 'Harbor Capital', salesforce_id: null, sf_acc_id: null, created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  // 130 events over the last 10 days, some at the same instant (the cursor's id breaks the tie).
  await recordEvents(
    server.db,
    Array.from({ length: 130 }, (_, i) => ({
      name: i % 5 === 0 ? 'Alert created' : 'Report opened',
      source: 'platform' as const,
      user_id: i % 2 ? reader : null,
      organization_id: i % 3 ? orgId : null,
      actor: i % 2 ? 'reader' : 'someone',
      occurred_at: NOW - Math.floor(i / 2) * 3_600_000,
    })),
    NOW,
  );
});
afterAll(async () => {
  await server.close();
});

async function page(form: Record<string, string>): Promise<EventsReply> {
  const res = await analyst.send('POST', LIST, { form: { from: FROM, to: TODAY, ...form } });
  expect(res.status).toBe(200);
  return v.parse(EventsReply, await res.json());
}
async function walk(form: Record<string, string>): Promise<EventItem[]> {
  const all: EventItem[] = [];
  let cursor = '';
  for (;;) {
    const p = await page({ ...form, cursor });
    expect(p.events.length).toBeLessThanOrEqual(EVENT_PAGE_SIZE);
    all.push(...p.events);
    if (!p.next) return all;
    cursor = eventCursorText(p.next);
  }
}
const newestFirst = (items: EventItem[]) =>
  items.every(
    (e, i) =>
      i === 0 ||
      e.occurred_at < items[i - 1]!.occurred_at ||
      (e.occurred_at === items[i - 1]!.occurred_at && e.id < items[i - 1]!.id),
  );

describe('the list', () => {
  it('walks every event once, newest first, 50 a page, with the names commonest first', async () => {
    const all = await walk({});
    expect(all.filter((e) => e.source === 'platform')).toHaveLength(130);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(newestFirst(all)).toBe(true);
    expect((await page({})).names.slice(0, 2)).toEqual(['Report opened', 'Alert created']);
  });

  it('narrows by name and by organization', async () => {
    const alerts = await walk({ name: 'Alert created' });
    expect(alerts).toHaveLength(26);
    expect(alerts.every((e) => e.name === 'Alert created')).toBe(true);
    const harbor = await walk({ org_id: String(orgId) });
    expect(harbor.length).toBe(Array.from({ length: 130 }, (_, i) => i).filter((i) => i % 3).length);
    expect(harbor.every((e) => e.organization?.name === 'Harbor Capital')).toBe(true);
  });

  it('names the person and organization of each event', async () => {
    const first = (await page({})).events.find((e) => e.user !== null && e.source === 'platform')!;
    expect(first.user).toMatchObject({ id: reader, username: 'reader' });
  });
});

describe('one person', () => {
  it('answers first and last seen, per day, the latest 20', async () => {
    const res = await analyst.send('POST', '/user/get_user_segment_data/', {
      form: { user_id: String(reader), from: FROM, to: TODAY },
    });
    expect(res.status).toBe(200);
    const body = v.parse(UserSegmentReply, await res.json());
    expect(body.user.username).toBe('reader');
    expect(body.recent).toHaveLength(20);
    expect(body.charts[0]!.rows).toHaveLength(10);
    expect(body.charts[0]!.rows.reduce((a, r) => a + r.values[0]!, 0)).toBe(65);
    expect(body.last_seen).toBeGreaterThanOrEqual(body.first_seen!);
  });

  it('refuses an unknown person at user_id', async () => {
    const res = await analyst.send('POST', '/user/get_user_segment_data/', {
      form: { user_id: '999999', from: FROM, to: TODAY },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(v.parse(BadRequestReply, await res.json()).fields ?? {})).toEqual(['user_id']);
  });
});

describe('counted as they are recorded', () => {
  it('keeps per-day counts by name and the people active each day', async () => {
    const rows = await server.db
      .selectFrom('report_counts')
      .select(['key', 'n'])
      .where('metric', '=', 'events')
      .where('org_id', '=', 0)
      .execute();
    const byName = new Map<string, number>();
    for (const r of rows) byName.set(r.key, (byName.get(r.key) ?? 0) + Number(r.n));
    expect(byName.get('Report opened')).toBe(104);
    expect(byName.get('Alert created')).toBe(26);
    const days = await server.db.selectFrom('event_user_days').select('day').where('user_id', '=', reader).execute();
    expect(days.length).toBe(
      new Set(Array.from({ length: 65 }, (_, k) => Math.floor((NOW - k * 3_600_000) / DAY_MS))).size,
    );
  });

  it("keeps each person's events per day and name equal to a GROUP BY over the events, through inserts and deletions", async () => {
    const truth = async () => {
      const rows = await server.db
        .selectFrom('events')
        .select([
          'user_id',
          sql<number>`(occurred_at / 86400000) * 86400000`.as('day'),
          'name',
          (eb) => eb.fn.countAll<number | string>().as('n'),
        ])
        .where('user_id', 'is not', null)
        .groupBy(['user_id', sql`(occurred_at / 86400000) * 86400000`, 'name'])
        .execute();
      return Object.fromEntries(rows.map((r) => [`${r.user_id}|${r.day}|${r.name}`, Number(r.n)]));
    };
    const kept = async () => {
      const rows = await server.db
        .selectFrom('event_person_days')
        .select(['user_id', 'day', 'name', 'n'])
        .where('n', '<>', 0)
        .execute();
      return Object.fromEntries(rows.map((r) => [`${r.user_id}|${r.day}|${r.name}`, Number(r.n)]));
    };
    expect(await kept()).toEqual(await truth());
    await recordEvents(
      server.db,
      [
        {
          name: 'Report opened',
          source: 'platform',
          user_id: reader,
          organization_id: null,
          actor: null,
          occurred_at: NOW - 2 * DAY_MS,
        },
        {
          name: 'Report opened',
          source: 'platform',
          user_id: reader,
          organization_id: null,
          actor: null,
          occurred_at: NOW - 2 * DAY_MS + 1,
        },
        { name: "Nobody's", source: 'platform', user_id: null, organization_id: null, actor: null, occurred_at: NOW },
      ],
      NOW,
    );
    const oldest = await server.db
      .selectFrom('events')
      .select('id')
      .where('user_id', '=', reader)
      .orderBy('occurred_at')
      .limit(3)
      .execute();
    await server.db
      .deleteFrom('events')
      .where(
        'id',
        'in',
        oldest.map((r) => r.id),
      )
      .execute();
    const after = await truth();
    expect(await kept()).toEqual(after);
    expect(Object.keys(after).length).toBeGreaterThan(5);
  });
});

describe('refusals', () => {
  it('bad input is a 400 naming the field', async () => {
    for (const [form, field] of [
      [{ cursor: 'page-2' }, 'cursor'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ from: 'soon' }, 'from'],
      [{ org_id: '0' }, 'org_id'],
    ] as const) {
      const res = await analyst.send('POST', LIST, { form: { from: FROM, to: TODAY, ...form } });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(Object.keys(v.parse(BadRequestReply, await res.json()).fields ?? {})).toContain(field);
    }
  });
});
