// The event store (migration 029, decision 063): events newest first a page at a time from a
// keyset cursor on (occurred_at, id), narrowed by organization or name through the index that
// leads with each; one person's summary from their day counters (event_person_days) and their
// latest events along (user_id, occurred_at); and recording events
// from any source in batches (counters and active days follow by trigger).
import { sql } from 'kysely';
import { EVENT_PAGE_SIZE, type EventCursor, type EventItem } from '../../src/domain/events';
import type { Chart } from '../../src/domain/reports';
import { timeChart, type Db } from '../reports/counters';
import { eventTotals } from '../reports/rollups';
import { boundedPage } from '../db/keyset';
import { chunks } from '../db/value-lists';

export interface EventSearch {
  start: number;
  end: number;
  org: number | null;
  name: string;
  after: EventCursor | null;
}

/** What a listed event shows: the event, the person and the organization it names (left joined: either may be gone). */
const EVENT_COLUMNS = [
  'e.id',
  'e.name',
  'e.source',
  'e.actor',
  'e.occurred_at',
  'e.user_id',
  'u.username',
  'u.email',
  'e.organization_id',
  'o.name as organization_name',
] as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('organizations as o', 'o.id', 'e.organization_id')
    .select([...EVENT_COLUMNS]);
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const itemOf = (r: Row): EventItem => ({
  id: Number(r.id),
  name: r.name,
  source: r.source,
  actor: r.actor,
  occurred_at: Number(r.occurred_at),
  user:
    r.user_id !== null && r.username !== null && r.email !== null
      ? { id: Number(r.user_id), username: r.username, email: r.email }
      : null,
  organization:
    r.organization_id !== null && r.organization_name !== null
      ? { id: Number(r.organization_id), name: r.organization_name }
      : null,
});

export async function listEvents(db: Db, s: EventSearch): Promise<{ events: EventItem[]; next: EventCursor | null }> {
  let q = baseQuery(db).where('e.occurred_at', '>=', s.start).where('e.occurred_at', '<', s.end);
  if (s.org !== null) q = q.where('e.organization_id', '=', s.org);
  if (s.name !== '') q = q.where('e.name', '=', s.name);
  // A row value, so both engines read the index range from the cursor.
  if (s.after) q = q.where(sql`(e.occurred_at, e.id)`, '<', sql`(${s.after.at}, ${s.after.id})`);
  const rows = await q
    .orderBy('e.occurred_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(EVENT_PAGE_SIZE + 1)
    .execute();
  const { page: kept, more } = boundedPage(rows, EVENT_PAGE_SIZE);
  const page = kept.map(itemOf);
  const last = page.at(-1);
  return { events: page, next: more && last ? { at: last.occurred_at, id: last.id } : null };
}

/** The names events carry in the range (whole months, then the other days: migration 036), commonest first. */
export async function eventNames(db: Db, start: number, end: number, org: number): Promise<string[]> {
  const totals = await eventTotals(db, org, start, end);
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
}

/** One person's events: when first and last seen, per name in the range, per day, the latest 20. */
export async function userSegment(db: Db, userId: number, start: number, end: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const [seen, perDay, recent] = await Promise.all([
    db
      .selectFrom('events')
      .select((eb) => [eb.fn.min('occurred_at').as('first'), eb.fn.max('occurred_at').as('last')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('event_person_days')
      .select(['day as bucket', (eb) => eb.fn.sum<number | string>('n').as('n')])
      .where('user_id', '=', userId)
      .where('day', '>=', start)
      .where('day', '<', end)
      .groupBy('day')
      .execute(),
    baseQuery(db)
      .where('e.user_id', '=', userId)
      .orderBy('e.occurred_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(20)
      .execute(),
  ]);
  const charts: Chart[] = [
    timeChart(
      {
        id: 'person-events-per-day',
        title: 'Their events per day',
        series: ['Events'],
        note: 'Every event naming this person, each day (UTC).',
      },
      'day',
      start,
      end,
      perDay.map((r) => ({ bucket: Number(r.bucket), key: '', n: Number(r.n) })),
      () => 'Events',
    ),
  ];
  return {
    user: {
      id: Number(user.id),
      username: user.username,
      email: user.email,
      name: `${user.first_name} ${user.last_name}`.trim(),
    },
    first_seen: seen.first === null ? null : Number(seen.first),
    last_seen: seen.last === null ? null : Number(seen.last),
    charts,
    recent: recent.map(itemOf),
  };
}

export interface NewEvent {
  name: string;
  source: 'server' | 'panel' | 'platform';
  user_id: number | null;
  organization_id: number | null;
  actor: string | null;
  occurred_at: number;
  properties?: Record<string, unknown>;
}

/** Rows a batch inserts: SQLite allows 32,766 bound values per statement, and each row binds 8. */
const BATCH = 2_000;

export async function recordEvents(db: Db, events: readonly NewEvent[], receivedAt: number): Promise<void> {
  for (const batch of chunks(events, BATCH)) {
    await db
      .insertInto('events')
      .values(
        batch.map((e) => ({
          name: e.name,
          source: e.source,
          user_id: e.user_id,
          organization_id: e.organization_id,
          actor: e.actor,
          occurred_at: e.occurred_at,
          received_at: receivedAt,
          properties: e.properties === undefined ? null : JSON.stringify(e.properties),
        })),
      )
      .execute();
  }
}
