// A user's platform content (decision 065), over real HTTP against the server run as its own
// process, on a fresh database of each engine built for it (set-based inserts): about 200,000
// saved searches over 20,000 users, a source user holding 2,000 and 100 target users each already
// holding 50 of the source's names (so a copy meets clashes). Measured:
// - copying 500 saved searches onto the 100 users (on_clash rename): the preview and the copy,
//   timed apart, p50 of RUNS runs (the copies undone between runs); target ≤ 2 s each;
// - GET user/fetch_saved_searches/ for the source user: the first page and a deep one (from the
//   1,900th name), p95 of 100 calls, target ≤ 50 ms;
// - GET user/fetch_ap_saved_searches/ for the commonest three-letter name prefix, 1 and 8 clients.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { contentNameKey } from '../src/domain/user-content';
import { engineOf, openDatabase, type DatabaseTarget, type Engine } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import {
  createThrowawayDatabase,
  dropDatabase,
  dropDatabasesWithPrefix,
  databaseNameOf,
} from '../server/db/test-database';
import { encodeCursor } from '../server/user-content/records';
import { signInOverHttp, startServerProcess, type HttpClient } from './http';
import { benchUser, refreshStatistics } from './user-data';
import { concurrentTimes, count, median, summary, timedPost, verdict } from './support';

const STAFF = 'bench.content';
const OWNERS = 20_000;
const SEARCHES = 200_000;
const SOURCE_HOLDS = 2_000;
const COPY_ITEMS = 500;
const TARGETS = 100;
const CLASHES_PER_TARGET = 50;
const RUNS = 3;
const CALLS = 100;
const CLIENTS = 8;
const COPY_MS = 2_000;
const P95_MS = 50;
const PG_MAINTENANCE = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_PREFIX = 'bench_user_content';

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Names as customers write them: a few topics far more common than the rest. */
const TOPICS = [
  'Semiconductor earnings',
  'Semis supply',
  'ESG downgrades',
  'Fed minutes',
  'Gross margin guidance',
  'European banks',
  'Lithium supply',
  'Share buybacks',
  'CEO departures',
  'Credit rating actions',
  'Oil inventories',
  'AI capex',
  'Dividend cuts',
  'China property',
  'Tariff exposure',
];
const topicOf = (i: number) => TOPICS[i % 3 === 0 ? 0 : (i * 7919) % TOPICS.length]!;
const body = (i: number) =>
  JSON.stringify({
    query: `(guidance OR outlook) AND "gross margin" AND topic${i % 97}`,
    sources: ['AMR', 'Stream'],
    alert: i % 4 === 0,
  });

type ContentRow = { user_id: number; name: string; name_key: string; body: string };

/** Saved searches written in one statement per chunk: the rows as one JSON parameter. */
async function insertSearches(db: Kysely<Database>, rows: readonly ContentRow[], now: number): Promise<void> {
  for (let i = 0; i < rows.length; i += 20_000) {
    const json = JSON.stringify(rows.slice(i, i + 20_000));
    const from =
      engineOf(db) === 'postgres'
        ? sql`jsonb_to_recordset(${json}::jsonb) as j(user_id bigint, name text, name_key text, body text)`
        : sql`(select json_extract(value, '$.user_id') as user_id, json_extract(value, '$.name') as name, json_extract(value, '$.name_key') as name_key,
          json_extract(value, '$.body') as body from json_each(${json})) as j`;
    await sql`insert into user_content (user_id, kind, name, name_key, body, size, last_used_at, created_by, created_at, updated_at)
      select j.user_id, 'saved_search', j.name, j.name_key, j.body, 2, cast(${now} as bigint), 'bench', cast(${now} as bigint), cast(${now} as bigint) from ${from}`.execute(
      db,
    );
  }
}

async function build(
  db: Kysely<Database>,
): Promise<{ source: { id: number; username: string }; targets: string[]; itemIds: number[] }> {
  const now = Date.now();
  let seed = 20_261_128;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const org = await db
    .insertInto('organizations')
    .values({ name: 'Bench Content Org', salesforce_id: null, sf_acc_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  const total = OWNERS + 1 + TARGETS;
  for (let i = 0; i < total; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, total - i) }, (_, k) => ({
      ...benchUser(i + k, [org.id], random),
      deleted: (i + k < OWNERS && random() < 0.03 ? 1 : 0) as 0 | 1,
    }));
    ids.push(...(await db.insertInto('users').values(batch).returning('id').execute()).map((r) => Number(r.id)));
  }
  const owners = ids.slice(0, OWNERS);
  const sourceId = ids[OWNERS]!;
  const targetIds = ids.slice(OWNERS + 1);
  const rows: ContentRow[] = [];
  for (let i = 0; i < SEARCHES - SOURCE_HOLDS; i++) {
    const name = `${topicOf(i)} ${i}`;
    rows.push({ user_id: owners[i % OWNERS]!, name, name_key: contentNameKey(name), body: body(i) });
  }
  const sourceNames = Array.from({ length: SOURCE_HOLDS }, (_, i) => `${topicOf(i)} watch ${i}`);
  for (const [i, name] of sourceNames.entries())
    rows.push({ user_id: sourceId, name, name_key: contentNameKey(name), body: body(i) });
  // Each target already holds 50 of the names copied (in upper case): clashes the copy renames.
  // 9k mod 500 differs for every k below 50, so a target's names are distinct.
  const copied = [...sourceNames].sort((a, b) => (contentNameKey(a) < contentNameKey(b) ? -1 : 1)).slice(0, COPY_ITEMS);
  for (const [t, id] of targetIds.entries()) {
    for (let k = 0; k < CLASHES_PER_TARGET; k++) {
      const name = copied[(t * 7 + k * 9) % COPY_ITEMS]!.toUpperCase();
      rows.push({ user_id: id, name, name_key: contentNameKey(name), body: body(k) });
    }
  }
  await insertSearches(db, rows, now);
  const itemIds = (
    await db
      .selectFrom('user_content')
      .select('id')
      .where('user_id', '=', sourceId)
      .orderBy('name_key')
      .limit(COPY_ITEMS)
      .execute()
  ).map((r) => Number(r.id));
  const source = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', sourceId)
    .executeTakeFirstOrThrow();
  const targets = await db.selectFrom('users').select('username').where('id', 'in', targetIds).execute();
  return {
    source: { id: Number(source.id), username: source.username },
    targets: targets.map((t) => t.username),
    itemIds,
  };
}

async function timedGet(client: HttpClient, route: string): Promise<number> {
  const t = performance.now();
  const res = await client.get(route);
  const reply = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${reply.slice(0, 300)}`);
  return ms;
}

async function benchOn(engine: Engine): Promise<string[]> {
  const lines: string[] = [];
  let target: DatabaseTarget;
  let dir: string | null = null;
  if (engine === 'postgres') {
    await dropDatabasesWithPrefix(PG_MAINTENANCE, PG_PREFIX);
    target = { engine, url: await createThrowawayDatabase(PG_MAINTENANCE, PG_PREFIX) };
  } else {
    dir = mkdtempSync(path.join(tmpdir(), 'staff-console-bench-content-'));
    target = { engine, file: path.join(dir, 'content.db') };
  }
  const db = openDatabase(target);
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    await migrateToLatest(db);
    const t = performance.now();
    const data = await build(db);
    await refreshStatistics(db, engine);
    const searches = Number(
      (
        await db
          .selectFrom('user_content')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    lines.push(
      `${engine}: built ${count(searches)} saved searches over ${count(OWNERS + 1 + TARGETS)} users in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    server = await startServerProcess(target);
    const client = await signInOverHttp(db, server.base, STAFF);

    // The copy: preview, then the copy itself, undone between runs.
    const form = {
      kind: 'saved_search',
      source_user_id: String(data.source.id),
      item_ids: JSON.stringify(data.itemIds),
      targets: JSON.stringify(data.targets),
      on_clash: 'rename',
    };
    const previews: number[] = [];
    const copies: number[] = [];
    let outcome = '';
    for (let run = 0; run < RUNS; run++) {
      const preview = await timedPost<{ totals: { added: number; renamed: number } }>(
        client,
        '/user/copy_saved_searches/',
        { ...form, preview: 'true' },
      );
      const copy = await timedPost<{ totals: { added: number; renamed: number } }>(
        client,
        '/user/copy_saved_searches/',
        { ...form, preview: 'false' },
      );
      previews.push(preview.ms);
      copies.push(copy.ms);
      outcome = `${count(copy.reply.totals.added)} written, ${count(copy.reply.totals.renamed)} of them renamed clashes`;
      await db.deleteFrom('user_content').where('created_by', '=', STAFF).execute();
      await db.deleteFrom('audit_log').where('author', '=', STAFF).execute();
      // The undone rows' dead index entries would slow the next run's inserts of the very same keys.
      await refreshStatistics(db, engine);
    }
    const p = median(previews);
    const c = median(copies);
    lines.push(
      `${engine} copy ${COPY_ITEMS} saved searches to ${TARGETS} users (${outcome}): preview p50 ${fmt(p)} ${verdict(p <= COPY_MS)}, copy p50 ${fmt(c)} ${verdict(c <= COPY_MS)} (target ≤ ${COPY_MS} ms; ${RUNS} runs)`,
    );

    // One user's saved searches: the first page and a deep one.
    const deep = await db
      .selectFrom('user_content')
      .select(['id', 'name_key'])
      .where('user_id', '=', data.source.id)
      .where('kind', '=', 'saved_search')
      .orderBy('name_key')
      .orderBy('id')
      .offset(1_900)
      .limit(1)
      .executeTakeFirstOrThrow();
    const prefix = await db
      .selectFrom('user_content')
      .select([sql<string>`substr(name_key, 1, 3)`.as('p'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'saved_search')
      .groupBy(sql`substr(name_key, 1, 3)`)
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const cases = [
      {
        label: `fetch_saved_searches first page (of ${count(SOURCE_HOLDS)})`,
        route: `/user/fetch_saved_searches/?user_id=${data.source.id}`,
        crowd: false,
      },
      {
        label: 'fetch_saved_searches from the 1,900th',
        route: `/user/fetch_saved_searches/?user_id=${data.source.id}&cursor=${encodeCursor(deep.name_key, Number(deep.id))}`,
        crowd: false,
      },
      {
        label: `fetch_ap_saved_searches "${prefix.p}" (${count(Number(prefix.n))})`,
        route: `/user/fetch_ap_saved_searches/?query=${encodeURIComponent(prefix.p)}`,
        crowd: true,
      },
      // The floor: the same call finding nothing (session, access, input and reply only).
      {
        label: 'fetch_ap_saved_searches "zzq" (none; the floor)',
        route: '/user/fetch_ap_saved_searches/?query=zzq',
        crowd: true,
      },
    ];
    for (const k of cases) {
      for (let i = 0; i < 5; i++) await timedGet(client, k.route);
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) times.push(await timedGet(client, k.route));
      const one = summary(times);
      let line = `${engine} ${k.label.padEnd(44)} 1 client p50 ${fmt(one.p50).padEnd(9)} p95 ${fmt(one.p95).padEnd(9)} ${verdict(one.p95 <= P95_MS)}`;
      if (k.crowd) {
        // The server starts its further SQLite readers on the first concurrent calls: not timed.
        await concurrentTimes(CLIENTS, CLIENTS * 2, () => timedGet(client, k.route));
        const crowd = summary(await concurrentTimes(CLIENTS, CALLS, () => timedGet(client, k.route)));
        line += `; ${CLIENTS} clients p50 ${fmt(crowd.p50).padEnd(9)} p95 ${fmt(crowd.p95)} ${verdict(crowd.p95 <= P95_MS)}`;
      }
      lines.push(`${line} (target p95 ≤ ${P95_MS} ms)`);
    }
    lines.push(`${engine}: ${client.retries} request(s) sent again`);
    return lines;
  } finally {
    await server?.stop();
    await db.destroy();
    if (target.engine === 'postgres') await dropDatabase(PG_MAINTENANCE, databaseNameOf(target.url));
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchUserContent(): Promise<string[]> {
  const lines: string[] = [];
  for (const engine of ['sqlite', 'postgres'] as const) lines.push(...(await benchOn(engine)));
  return lines;
}
