// Reports Dashboard, a year in a few hundred rows (decision 109): the event counters of migration 029
// are one row per day, organization and name, so a year of Analytics, Depth or the Events list's
// names read 365 × names counters. Two rollups are kept beside them, in the same transaction, by
// triggers on the counters themselves, so every way a counter moves (an event recorded, deleted or
// edited, a person's first event of a day) moves them too:
//
// - event_days (org_id, day, events, people, names): one row per day and scope (org_id 0: every
//   organization) with the day's events, its active people and its events by name as a JSON
//   object, recomputed from that day's counters whenever one of them changes. Analytics and Depth
//   read a year as 365 rows.
// - event_months (org_id, month, name, n): events per UTC month and name, added to as the day
//   counters move. The Events list's names over a year read twelve months by name, and the days
//   of the months the range only partly covers.
//
// Events could be edited or deleted without the counters following: an edit moved nothing, and a
// person whose only event of a day was deleted stayed active that day. Here an edit moves the
// event, person and active-day counters from the old row to the new one, and a person with no
// event left on a day leaves event_user_days (and so the day's active people).
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../connect';

type AnyDb = Kysely<any>;

const DAY = 86_400_000;
const day = (t: string) => `(((${t}) / ${DAY}) * ${DAY})`;
/** The UTC month start, in ms, of a day bucket `t` (ms). */
const month = (pg: boolean, t: string) =>
  pg
    ? `(extract(epoch from date_trunc('month', to_timestamp((${t}) / 1000.0) at time zone 'UTC')) * 1000)::bigint`
    : `(cast(strftime('%s', (${t}) / 1000, 'unixepoch', 'start of month') as integer) * 1000)`;

/** A day's row of event_days from its counters: the events, and the events by name as JSON. */
const dayTotals = (
  pg: boolean,
  org: string,
  bucket: string,
) => `insert into event_days (org_id, day, events, people, names)
  select ${org}, ${bucket}, coalesce(sum(c.n), 0), 0, coalesce(${pg ? 'jsonb_object_agg(c.key, c.n)::text' : 'json_group_object(c.key, c.n)'}, '{}')
  from report_counts c where c.metric = 'events' and c.org_id = ${org} and c.bucket = ${bucket} and c.n <> 0
  on conflict (org_id, day) do update set events = excluded.events, names = excluded.names`;
const dayPeople = (
  org: string,
  bucket: string,
  n: string,
) => `insert into event_days (org_id, day, events, people, names)
  values (${org}, ${bucket}, 0, ${n}, '{}') on conflict (org_id, day) do update set people = excluded.people`;
const monthAdd = (
  pg: boolean,
  org: string,
  bucket: string,
  name: string,
  d: string,
) => `insert into event_months (org_id, month, name, n)
  values (${org}, ${month(pg, bucket)}, ${name}, ${d})
  on conflict (org_id, month, name) do update set n = event_months.n + excluded.n`;

/** The event counters one changed event moves: (metric, org, bucket, key, d) of `r` with sign `d`. */
const eventCounterRows = (r: string, d: string) => [
  `select 'events' as metric, 0 as org_id, ${day(`${r}.occurred_at`)} as bucket, ${r}.name as key, ${d} as d from ROWS ${r}`,
  `select 'events', ${r}.organization_id, ${day(`${r}.occurred_at`)}, ${r}.name, ${d} from ROWS ${r} where ${r}.organization_id is not null`,
];
/** One grouped upsert of the event and person counters that rows leaving (`oldRows`) and entering (`newRows`) move. */
function moveEvent(oldRows: string, newRows: string): string[] {
  const counters = [
    ...eventCounterRows('o', '-1').map((q) => q.replace('ROWS', oldRows)),
    ...eventCounterRows('n', '1').map((q) => q.replace('ROWS', newRows)),
  ].join(' union all ');
  const persons = [
    `select o.user_id as user_id, ${day('o.occurred_at')} as day, o.name as name, -1 as d from ${oldRows} o where o.user_id is not null`,
    `select n.user_id, ${day('n.occurred_at')}, n.name, 1 from ${newRows} n where n.user_id is not null`,
  ].join(' union all ');
  return [
    `insert into report_counts (metric, org_id, bucket, key, n)
    select metric, org_id, bucket, key, sum(d) from (${counters}) moved where true group by metric, org_id, bucket, key having sum(d) <> 0
    order by metric, org_id, bucket, key
    on conflict (metric, org_id, bucket, key) do update set n = report_counts.n + excluded.n`,
    `insert into event_person_days (user_id, day, name, n)
    select user_id, day, name, sum(d) from (${persons}) moved where true group by user_id, day, name having sum(d) <> 0 order by 1, 2, 3
    on conflict (user_id, day, name) do update set n = event_person_days.n + excluded.n`,
    `insert into event_user_days (day, user_id, organization_id)
    select distinct ${day('n.occurred_at')}, n.user_id, n.organization_id from ${newRows} n where n.user_id is not null order by 1, 2
    on conflict (day, user_id) do nothing`,
  ];
}
/** People with no event left on the day of an event leaving (`OLD`, or PostgreSQL's `old_rows`) leave event_user_days. */
const leaveEmptyDays = (pg: boolean) =>
  pg
    ? `delete from event_user_days d
  using (select distinct user_id, ${day('occurred_at')} as day from old_rows where user_id is not null) o
  where d.user_id = o.user_id and d.day = o.day
    and not exists (select 1 from events e where e.user_id = o.user_id and e.occurred_at >= o.day and e.occurred_at < o.day + ${DAY})`
    : `delete from event_user_days where OLD.user_id is not null and day = ${day('OLD.occurred_at')} and user_id = OLD.user_id
    and not exists (select 1 from events e where e.user_id = OLD.user_id
      and e.occurred_at >= ${day('OLD.occurred_at')} and e.occurred_at < ${day('OLD.occurred_at')} + ${DAY})`;

const EVENT_COLUMNS = ['name', 'organization_id', 'occurred_at', 'user_id'] as const;

export async function up(db: AnyDb): Promise<void> {
  const pg = engineOf(db) === 'postgres';
  await sql
    .raw(
      `create table event_days (
    org_id bigint not null,
    day bigint not null,
    events bigint not null,
    people bigint not null,
    names text not null,
    constraint event_days_pk primary key (org_id, day)
  )${pg ? '' : ' without rowid'}`,
    )
    .execute(db);
  await sql
    .raw(
      `create table event_months (
    org_id bigint not null,
    month bigint not null,
    name text not null,
    n bigint not null,
    constraint event_months_pk primary key (org_id, month, name)${pg ? ' include (n)' : ''}
  )${pg ? '' : ' without rowid'}`,
    )
    .execute(db);

  // What the counters hold already, in key order.
  await sql
    .raw(
      `insert into event_days (org_id, day, events, people, names)
    select org_id, bucket, sum(case when metric = 'events' then n else 0 end),
      sum(case when metric = 'active_users' then n else 0 end),
      coalesce(${pg ? `jsonb_object_agg(key, n) filter (where metric = 'events' and n <> 0)::text` : `json_group_object(key, n) filter (where metric = 'events' and n <> 0)`}, '{}')
    from report_counts where metric in ('events', 'active_users') group by org_id, bucket order by org_id, bucket`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into event_months (org_id, month, name, n)
    select org_id, ${month(pg, 'bucket')}, key, sum(n) from report_counts where metric = 'events'
    group by org_id, ${month(pg, 'bucket')}, key order by 1, 2, 3`,
    )
    .execute(db);

  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: AnyDb): Promise<void> {
  // The rollups follow the day counters (an upsert that adds to a counter fires its update trigger).
  const triggers: [name: string, on: string, body: string[]][] = [
    [
      'report_counts_events_insert',
      `after insert on report_counts when NEW.metric = 'events'`,
      [dayTotals(false, 'NEW.org_id', 'NEW.bucket'), monthAdd(false, 'NEW.org_id', 'NEW.bucket', 'NEW.key', 'NEW.n')],
    ],
    [
      'report_counts_events_update',
      `after update of n on report_counts when NEW.metric = 'events' and OLD.n is not NEW.n`,
      [
        dayTotals(false, 'NEW.org_id', 'NEW.bucket'),
        monthAdd(false, 'NEW.org_id', 'NEW.bucket', 'NEW.key', 'NEW.n - OLD.n'),
      ],
    ],
    [
      'report_counts_people_insert',
      `after insert on report_counts when NEW.metric = 'active_users'`,
      [dayPeople('NEW.org_id', 'NEW.bucket', 'NEW.n')],
    ],
    [
      'report_counts_people_update',
      `after update of n on report_counts when NEW.metric = 'active_users' and OLD.n is not NEW.n`,
      [dayPeople('NEW.org_id', 'NEW.bucket', 'NEW.n')],
    ],
  ];
  const side = (s: 'NEW' | 'OLD') => `(select ${EVENT_COLUMNS.map((c) => `${s}.${c} as ${c}`).join(', ')})`;
  triggers.push(
    [
      'events_edit',
      `after update of ${EVENT_COLUMNS.join(', ')} on events when ${EVENT_COLUMNS.map((c) => `OLD.${c} is not NEW.${c}`).join(' or ')}`,
      [...moveEvent(side('OLD'), side('NEW')), leaveEmptyDays(false)],
    ],
    ['events_leave_days', 'after delete on events when OLD.user_id is not null', [leaveEmptyDays(false)]],
  );
  for (const [name, on, body] of triggers)
    await sql.raw(`create trigger ${name} ${on} begin ${body.join(';\n')}; end`).execute(db);
}

/** (Re)writes events_edit's PostgreSQL function (upserts in key order: migration 039). */
export async function replaceEditFunction(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `create or replace function events_edit() returns trigger language plpgsql as $$
    begin ${[...moveEvent('old_rows', 'new_rows'), leaveEmptyDays(true)].join(';\n')}; return null; end $$`,
    )
    .execute(db);
}

async function postgresTriggers(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `create function report_counts_rollup() returns trigger language plpgsql as $$
    begin
      if new.metric = 'events' then
        ${dayTotals(true, 'new.org_id', 'new.bucket')};
        ${monthAdd(true, 'new.org_id', 'new.bucket', 'new.key', `new.n - (case when tg_op = 'UPDATE' then old.n else 0 end)`)};
      else
        ${dayPeople('new.org_id', 'new.bucket', 'new.n')};
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger report_counts_rollup after insert or update of n on report_counts
    for each row when (new.metric in ('events', 'active_users')) execute function report_counts_rollup()`,
    )
    .execute(db);
  await replaceEditFunction(db);
  await sql
    .raw(
      `create trigger events_edit after update on events referencing old table as old_rows new table as new_rows
    for each statement execute function events_edit()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function events_leave_days() returns trigger language plpgsql as $$
    begin ${leaveEmptyDays(true)}; return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger events_leave_days after delete on events referencing old table as old_rows
    for each statement execute function events_leave_days()`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const pg = engineOf(db) === 'postgres';
  if (pg) {
    await sql`drop trigger if exists report_counts_rollup on report_counts`.execute(db);
    await sql`drop function if exists report_counts_rollup()`.execute(db);
    for (const t of ['events_edit', 'events_leave_days']) {
      await sql.raw(`drop trigger if exists ${t} on events`).execute(db);
      await sql.raw(`drop function if exists ${t}()`).execute(db);
    }
  } else {
    for (const t of [
      'report_counts_events_insert',
      'report_counts_events_update',
      'report_counts_people_insert',
      'report_counts_people_update',
      'events_edit',
      'events_leave_days',
    ])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  await db.schema.dropTable('event_months').execute();
  await db.schema.dropTable('event_days').execute();
}
