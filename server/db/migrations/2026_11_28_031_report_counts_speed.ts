// Reports Dashboard, faster reads (decision 063): what the bench at 1,000,000 users and 8 clients
// found slow.
//
// - One person's events per day and name were counted from the events themselves, 22,000 rows of
//   the busiest person fetched one by one from the table. event_person_days keeps those counts
//   (user_id, day, name, n), kept by triggers as events are recorded or removed, so the person's
//   Analytics and summary read a few hundred counters along their user_id (on PostgreSQL from the
//   primary key alone, which carries n).
// - A chart's counters were an index range followed by one table read per counter, scattered
//   over the table. On SQLite report_counts is rebuilt WITHOUT ROWID, so the counters are the
//   primary key's own b-tree: a range reads its neighbours and a trigger's upsert writes one
//   b-tree, not two. On PostgreSQL an index carrying n lets a range of the platform-wide
//   counters be read from the index alone.
// - On SQLite a tag assignment's row trigger becomes a plain upsert of its one counter.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../connect';

type AnyDb = Kysely<any>;

const DAY = 86_400_000;
const day = (t: string) => `(((${t}) / ${DAY}) * ${DAY})`;

/** One grouped upsert of the person counters that events entering (+1) or leaving (-1) move. */
const personBump = (from: string, d: 1 | -1) => `insert into event_person_days (user_id, day, name, n)
  select r.user_id, ${day('r.occurred_at')}, r.name, ${d} * count(*) from ${from} r where r.user_id is not null
  group by r.user_id, ${day('r.occurred_at')}, r.name order by 1, 2, 3
  on conflict (user_id, day, name) do update set n = event_person_days.n + excluded.n`;

const PERSON_TRIGGERS = [
  ['insert', 'new table as new_rows', 'new_rows', 1],
  ['delete', 'old table as old_rows', 'old_rows', -1],
] as const;

/** (Re)writes the person counters' PostgreSQL trigger functions (upserts in key order: migration 039). */
export async function replacePersonFunctions(db: AnyDb): Promise<void> {
  for (const [event, , from, d] of PERSON_TRIGGERS)
    await sql
      .raw(
        `create or replace function events_person_${event}() returns trigger language plpgsql as $$
        begin ${personBump(from, d)}; return null; end $$`,
      )
      .execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  const pg = engineOf(db) === 'postgres';
  await sql
    .raw(
      `create table event_person_days (
    user_id bigint not null,
    day bigint not null,
    name text not null,
    n bigint not null,
    constraint event_person_days_pk primary key (user_id, day, name)${pg ? ' include (n)' : ''}
  )${pg ? '' : ' without rowid'}`,
    )
    .execute(db);
  // Filled in key order, so one person's days are neighbours in PostgreSQL's heap too.
  await sql
    .raw(
      `insert into event_person_days (user_id, day, name, n)
    select user_id, ${day('occurred_at')}, name, count(*) from events where user_id is not null
    group by user_id, ${day('occurred_at')}, name order by 1, 2, 3`,
    )
    .execute(db);

  if (pg) {
    await replacePersonFunctions(db);
    for (const [event, ref] of PERSON_TRIGGERS)
      await sql
        .raw(
          `create trigger events_person_${event} after ${event} on events referencing ${ref}
        for each statement execute function events_person_${event}()`,
        )
        .execute(db);
    // Only the platform-wide counters: their ranges are the long ones (a year of days by name), and a
    // bulk edit's per-organization counters then write no entry in it.
    await sql`create index report_counts_read_idx on report_counts (metric, bucket) include (key, n) where org_id = 0`.execute(
      db,
    );
    return;
  }

  const row = (side: 'NEW' | 'OLD') =>
    `(select ${side}.user_id as user_id, ${side}.occurred_at as occurred_at, ${side}.name as name)`;
  await sql
    .raw(
      `create trigger events_person_insert after insert on events when NEW.user_id is not null begin ${personBump(row('NEW'), 1)}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger events_person_delete after delete on events when OLD.user_id is not null begin ${personBump(row('OLD'), -1)}; end`,
    )
    .execute(db);

  // The triggers that write report_counts are set aside while it is rebuilt, then made again as they were.
  const triggers = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'trigger' and sql like '%report_counts%'`.execute(db);
  for (const t of triggers.rows) await sql.raw(`drop trigger "${t.name}"`).execute(db);
  await sql`create table report_counts_new (
    metric text not null,
    org_id bigint not null,
    bucket bigint not null,
    key text not null,
    n bigint not null,
    constraint report_counts_pk primary key (metric, org_id, bucket, key)
  ) without rowid`.execute(db);
  await sql`insert into report_counts_new (metric, org_id, bucket, key, n)
    select metric, org_id, bucket, key, n from report_counts order by metric, org_id, bucket, key`.execute(db);
  await sql`drop table report_counts`.execute(db);
  await sql`alter table report_counts_new rename to report_counts`.execute(db);
  for (const t of triggers.rows) await sql.raw(t.sql).execute(db);

  // A tag assignment moves one counter: a plain upsert per row costs a third less than the grouped
  // one, which a 100,000-user assignment runs 100,000 times.
  for (const [event, side, d] of [
    ['insert', 'NEW', '+ 1'],
    ['delete', 'OLD', '- 1'],
  ] as const) {
    await sql.raw(`drop trigger user_tags_report_${event}`).execute(db);
    await sql
      .raw(
        `create trigger user_tags_report_${event} after ${event} on user_tags begin
      insert into report_counts (metric, org_id, bucket, key, n) values ('tags', 0, 0, cast(${side}.tag_id as text), 0 ${d})
      on conflict (metric, org_id, bucket, key) do update set n = n ${d}; end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const pg = engineOf(db) === 'postgres';
  for (const event of ['insert', 'delete']) {
    if (pg) {
      await sql.raw(`drop trigger if exists events_person_${event} on events`).execute(db);
      await sql.raw(`drop function if exists events_person_${event}()`).execute(db);
    } else await sql.raw(`drop trigger if exists events_person_${event}`).execute(db);
  }
  if (pg) await sql`drop index if exists report_counts_read_idx`.execute(db);
  await sql`drop table event_person_days`.execute(db);
}
