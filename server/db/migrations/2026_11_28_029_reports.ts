// Reports Dashboard (decision 063): counts kept as rows change, so every chart reads a few hundred
// rows whatever the number of users, and the event store.
//
// report_counts holds one counter per (metric, org_id, bucket, key): org_id 0 is every
// organization, bucket a UTC day or week start in ms (0 for a snapshot), key what the chart splits
// by. Triggers keep it exact: SQLite's row triggers add one grouped upsert per changed row;
// PostgreSQL's statement triggers read the transition tables, so a bulk edit of 100,000 users costs
// one grouped upsert, and a statement that moves nothing between counters writes none.
//
// events is the event store: what the server records (sign-in events, from the audit log as it is
// written) and what any other source files; event_user_days says who was active on which day.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../connect';

type AnyDb = Kysely<any>;

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** Monday 00:00 UTC of the week holding `t` (1970-01-01 was a Thursday). */
const week = (t: string) => `((((${t}) + ${3 * DAY}) / ${WEEK}) * ${WEEK} - ${3 * DAY})`;
const day = (t: string) => `(((${t}) / ${DAY}) * ${DAY})`;

/**
 * What a sign-in event was, from its audit action (server/api/sign-in.ts, auth/enrolment.ts,
 * api/session.ts): the audit row's test, the chart's key, the event store's name. The first test
 * that holds decides; the last row is what any other auth action is.
 */
const AUTH_OUTCOMES: readonly (readonly [test: string, kind: string, event: string])[] = [
  [`r.action like 'signed in%'`, 'signed_in', 'Signed in'],
  [`r.action = 'account locked after repeated failures'`, 'locked', 'Account locked'],
  [`r.success = 0`, 'refused', 'Sign-in refused'],
  [`r.action = 'two-step sign-in activated'`, 'activated', 'Two-step sign-in activated'],
  [`r.action = 'signed out'`, 'signed_out', 'Signed out'],
  ['', 'other', 'Password accepted'],
];
const authCase = (pick: 1 | 2) =>
  'case\n' +
  AUTH_OUTCOMES.map((o) => (o[0] ? `  when ${o[0]} then '${o[pick]}'\n` : `  else '${o[pick]}' end`)).join('');
const AUTH_KIND = authCase(1);
const AUTH_EVENT = authCase(2);

interface Source {
  table: string;
  columns: readonly string[];
  /** Counter rows of one changed row `r`: selects of (metric, org_id, bucket, key). */
  rows: string[];
  /** Columns whose change moves a counter (tables whose rows change in place). */
  watch?: readonly string[];
}

/** A counter over every organization and, when the row has one, over its own. */
const scoped = (metric: string, bucket: string, key: string, where: string, org = 'r.organization_id') => [
  `select '${metric}' as metric, 0 as org_id, ${bucket} as bucket, ${key} as key from ROWS r where ${where}`,
  `select '${metric}', ${org}, ${bucket}, ${key} from ROWS r where (${where}) and ${org} is not null`,
];
const global = (metric: string, bucket: string, key: string, where: string) => [
  `select '${metric}' as metric, 0 as org_id, ${bucket} as bucket, ${key} as key from ROWS r where ${where}`,
];

const USER_CELL = `r.user_type || '|' || r.user_category || '|' || r.product_configuration || '|' || coalesce(r.subscription_status, '') || '|' || cast(r.active as text)`;

/** The user columns the counters read; all but created_at (set once) can move a counter. */
const USER_COLUMNS = [
  'organization_id',
  'user_type',
  'user_category',
  'product_configuration',
  'subscription_status',
  'active',
  'deleted',
  'created_at',
  'expiry_dt',
] as const;

const SOURCES: readonly Source[] = [
  {
    table: 'users',
    columns: USER_COLUMNS,
    watch: USER_COLUMNS.filter((c) => c !== 'created_at'),
    rows: [
      ...scoped('users', '0', USER_CELL, 'r.deleted = 0'),
      ...scoped('created', week('r.created_at'), `''`, '1 = 1'),
      ...scoped(
        'trial_expiry',
        week('r.expiry_dt'),
        `''`,
        `r.deleted = 0 and r.user_type = 'trial' and r.expiry_dt is not null`,
      ),
    ],
  },
  {
    table: 'audit_log',
    columns: ['category', 'action', 'success', 'created_at'],
    rows: [
      ...global('auth', day('r.created_at'), AUTH_KIND, `r.category = 'auth'`),
      ...global('activity', day('r.created_at'), 'r.category', `r.category <> 'auth'`),
    ],
  },
  { table: 'bulk_operations', columns: ['created_at'], rows: global('bulk', day('r.created_at'), `''`, '1 = 1') },
  { table: 'user_tags', columns: ['tag_id'], rows: global('tags', '0', 'cast(r.tag_id as text)', '1 = 1') },
  {
    table: 'events',
    columns: ['name', 'organization_id', 'occurred_at'],
    rows: scoped('events', day('r.occurred_at'), 'r.name', '1 = 1'),
  },
  {
    table: 'event_user_days',
    columns: ['organization_id', 'day'],
    rows: scoped('active_users', 'r.day', `''`, '1 = 1'),
  },
];

const KEY = 'metric, org_id, bucket, key';
const project = (s: Source, from: string) => s.rows.map((q) => q.replaceAll('ROWS', from)).join(' union all ');

/** One grouped upsert of the counters that rows entering (`plus`) and leaving (`minus`) move. */
function bump(s: Source, plus: string | null, minus: string | null): string {
  const sides = [
    ...(plus ? [`select ${KEY}, 1 as d from (${project(s, plus)}) p`] : []),
    ...(minus ? [`select ${KEY}, -1 as d from (${project(s, minus)}) m`] : []),
  ];
  return `insert into report_counts (${KEY}, n)
    select ${KEY}, sum(d) from (${sides.join(' union all ')}) moved where true group by ${KEY} having sum(d) <> 0
    order by ${KEY}
    on conflict (${KEY}) do update set n = report_counts.n + excluded.n`;
}

/** The event store's feed from the audit log: each sign-in event, its person's user and organization when the name is theirs. */
const authEvents = (
  from: string,
) => `insert into events (name, source, user_id, organization_id, actor, occurred_at, properties)
  select ${AUTH_EVENT}, 'server', u.id, u.organization_id, r.author, r.created_at, null
  from ${from} r left join users u on lower(u.username) = lower(r.author) where r.category = 'auth'`;
const userDays = (from: string) => `insert into event_user_days (day, user_id, organization_id)
  select distinct ${day('r.occurred_at')}, r.user_id, r.organization_id from ${from} r where r.user_id is not null
  order by 1, 2
  on conflict (day, user_id) do nothing`;

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  const id = engine === 'postgres' ? 'bigserial primary key' : 'integer primary key autoincrement';
  await db.schema
    .createTable('report_counts')
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('org_id', 'bigint', (c) => c.notNull())
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_counts_pk', ['metric', 'org_id', 'bucket', 'key'])
    .execute();
  await sql
    .raw(
      `create table events (
    id ${id},
    name text not null,
    source text not null,
    user_id bigint,
    organization_id bigint,
    actor text,
    occurred_at bigint not null,
    received_at bigint,
    properties text
  )`,
    )
    .execute(db);
  // Newest first overall, by name, by organization and by person: each filter leads, the order ends.
  await sql`create index events_occurred_idx on events (occurred_at, id)`.execute(db);
  await sql`create index events_name_occurred_idx on events (name, occurred_at, id)`.execute(db);
  await sql`create index events_org_occurred_idx on events (organization_id, occurred_at, id)`.execute(db);
  await sql`create index events_user_occurred_idx on events (user_id, occurred_at, id)`.execute(db);
  await db.schema
    .createTable('event_user_days')
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('organization_id', 'bigint')
    .addPrimaryKeyConstraint('event_user_days_pk', ['day', 'user_id'])
    .execute();

  // What exists already: the audit log's sign-in events into the store, then every counter.
  await sql.raw(authEvents('audit_log')).execute(db);
  await sql.raw(userDays('events')).execute(db);
  for (const s of SOURCES) await sql.raw(bump(s, s.table, null)).execute(db);

  if (engine === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const rowOf = (s: Source, side: 'NEW' | 'OLD') => `(select ${s.columns.map((c) => `${side}.${c} as ${c}`).join(', ')})`;

async function sqliteTriggers(db: AnyDb): Promise<void> {
  const auditRow = `(select NEW.category as category, NEW.action as action, NEW.success as success, NEW.author as author, NEW.created_at as created_at)`;
  for (const s of SOURCES) {
    const extra =
      s.table === 'audit_log'
        ? `${authEvents(auditRow)};`
        : s.table === 'events'
          ? `${userDays(`(select NEW.occurred_at as occurred_at, NEW.user_id as user_id, NEW.organization_id as organization_id)`)};`
          : '';
    await sql
      .raw(
        `create trigger ${s.table}_report_insert after insert on ${s.table} begin ${bump(s, rowOf(s, 'NEW'), null)}; ${extra} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${s.table}_report_delete after delete on ${s.table} begin ${bump(s, null, rowOf(s, 'OLD'))}; end`,
      )
      .execute(db);
    if (s.watch) {
      const changed = s.watch.map((c) => `OLD.${c} is not NEW.${c}`).join(' or ');
      await sql
        .raw(
          `create trigger ${s.table}_report_update after update of ${s.watch.join(', ')} on ${s.table} when ${changed}
        begin ${bump(s, rowOf(s, 'NEW'), rowOf(s, 'OLD'))}; end`,
        )
        .execute(db);
    }
  }
}

/** The PostgreSQL statement triggers of every source: [table, event, referencing, function body]. */
function postgresTriggerSpecs(): [table: string, event: string, referencing: string, body: string][] {
  return SOURCES.flatMap((s) => {
    const events: [string, string, string][] = [
      ['insert', 'referencing new table as new_rows', bump(s, 'new_rows', null)],
      ['delete', 'referencing old table as old_rows', bump(s, null, 'old_rows')],
      ...(s.watch
        ? [
            ['update', 'referencing old table as old_rows new table as new_rows', bump(s, 'new_rows', 'old_rows')] as [
              string,
              string,
              string,
            ],
          ]
        : []),
    ];
    return events.map(([event, referencing, body]) => {
      const extra =
        event !== 'insert'
          ? ''
          : s.table === 'audit_log'
            ? `${authEvents('new_rows')};`
            : s.table === 'events'
              ? `${userDays('new_rows')};`
              : '';
      return [s.table, event, referencing, `${body}; ${extra}`] as [string, string, string, string];
    });
  });
}

/**
 * (Re)writes the counters' PostgreSQL trigger functions. Their upserts take the counter rows in
 * key order, so two transactions moving the same counters wait for each other instead of
 * deadlocking (migration 039 rewrites the functions of databases made before the order).
 */
export async function replaceReportFunctions(db: AnyDb): Promise<void> {
  for (const [table, event, , body] of postgresTriggerSpecs())
    await sql
      .raw(
        `create or replace function ${table}_report_${event}() returns trigger language plpgsql as $$
        begin ${body} return null; end $$`,
      )
      .execute(db);
}

async function postgresTriggers(db: AnyDb): Promise<void> {
  await replaceReportFunctions(db);
  for (const [table, event, referencing] of postgresTriggerSpecs())
    await sql
      .raw(
        `create trigger ${table}_report_${event} after ${event} on ${table} ${referencing}
        for each statement execute function ${table}_report_${event}()`,
      )
      .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const pg = engineOf(db) === 'postgres';
  for (const s of SOURCES) {
    for (const event of ['insert', 'delete', 'update']) {
      if (pg) {
        await sql.raw(`drop trigger if exists ${s.table}_report_${event} on ${s.table}`).execute(db);
        await sql.raw(`drop function if exists ${s.table}_report_${event}()`).execute(db);
      } else await sql.raw(`drop trigger if exists ${s.table}_report_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('event_user_days').execute();
  await db.schema.dropTable('events').execute();
  await db.schema.dropTable('report_counts').execute();
}
