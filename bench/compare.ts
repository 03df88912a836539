// Side by side: the same user-list requests against our server and a second server, in
// alternating rounds, at 1 and 8 clients; p50/p95 of each and the ratio ours ÷ theirs.
//   npm run bench -- compare --against <url> [--adapter ours|directus] [options]
// Our side is the server run as its own process on --db (the SQLite bench file by default). The
// other side is reached through an adapter (bench/compare-adapters.ts):
//   directus  --token <static token> [--collection users|directus_users]: Directus 11's REST API
//   ours      --against-db <sqlite file | postgres://…>: another server of ours, started with the
//             bench's SECRET_KEY (`npm run bench -- compare serve --db <database>` starts one and
//             prints its address); the bench writes its staff member into that database.
// The rows are: list page 1 with the total, an email prefix, the commonest last-name prefix, the
// ten commonest first-name prefixes, each again leaving deleted users out, a page half-way down,
// and a mixed load of all of them. Each cell runs ROUNDS rounds, ours and theirs in turn (the
// first side alternating), so the machine's other work falls on both alike.
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { openDatabase, type DatabaseTarget, type Engine } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { PAGE_SIZES } from '../src/domain/constants';
import {
  ADAPTERS,
  DIRECTUS_DEFAULTS,
  directusAdapter,
  oursForm,
  type ListRequest,
  type OpenAdapter,
} from './compare-adapters';
import { removeHttpStaff, signInOverHttp, startServerProcess } from './http';
import { concurrentTimes, count, loadNow, medianSummary, summary, timedPost } from './support';
import { benchTarget } from './user-data';
import { commonNames, deepCursor } from './user-list';

const OURS_STAFF = 'bench.compare.ours';
const THEIRS_STAFF = 'bench.compare.theirs';
/** Requests a client sends in a round. */
const perClient = (clients: number) => (clients === 1 ? 20 : 10);

const targetOf = (value: string): DatabaseTarget =>
  /^postgres(ql)?:\/\//.test(value) ? { engine: 'postgres', url: value } : { engine: 'sqlite', file: value };

const Options = v.object({
  against: v.optional(v.pipe(v.string(), v.url())),
  adapter: v.optional(v.picklist(ADAPTERS), 'ours'),
  token: v.optional(v.string()),
  collection: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]+$/)), DIRECTUS_DEFAULTS.collection),
  db: v.optional(v.string()),
  'against-db': v.optional(v.string()),
  clients: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',').map(Number)),
      v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(64))),
    ),
    '1,8',
  ),
  rounds: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(50)), '4'),
  'page-size': v.optional(v.pipe(v.string(), v.transform(Number), v.picklist([...PAGE_SIZES])), '20'),
});
type Options = v.InferOutput<typeof Options>;

const USAGE = `npm run bench -- compare --against <url> [--adapter ours|directus] [--token <token>] [--collection <name>]
    [--db <our database>] [--against-db <their database, adapter ours>] [--clients 1,8] [--rounds 4] [--page-size 20]
npm run bench -- compare serve --db <database>   (a second server of ours to compare against)`;

interface Case {
  name: string;
  /** The request of the i-th call of a round. */
  request: (i: number) => ListRequest;
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** The rows, their names and texts chosen from our database (the other server holds the same users). */
async function casesFrom(db: Kysely<Database>, pageSize: number, half: number): Promise<Case[]> {
  const firsts = (await commonNames(db, 'first_name')).map((n) => n.name);
  const lasts = (await commonNames(db, 'last_name')).map((n) => n.name);
  const emails = firsts.map((f, i) => `${ascii(f)}.${ascii(lasts[i % lasts.length]!).slice(0, 4)}`);
  const req = (q: string, includeDeleted: boolean, offset = 0): ListRequest => ({
    q,
    includeDeleted,
    offset,
    pageSize,
  });
  const base: Case[] = [];
  for (const includeDeleted of [true, false]) {
    const also = includeDeleted ? '' : ', deleted left out';
    base.push(
      { name: `list page 1 + total${also}`, request: () => req('', includeDeleted) },
      { name: `email prefix${also}`, request: (i) => req(emails[i % emails.length]!, includeDeleted) },
      { name: `last-name prefix '${lasts[0]}'${also}`, request: () => req(lasts[0]!, includeDeleted) },
      { name: `first-name prefixes (10)${also}`, request: (i) => req(firsts[i % firsts.length]!, includeDeleted) },
    );
  }
  base.push({ name: `page ${count(half)} rows in, deleted left out`, request: () => req('', false, half) });
  const mixed: Case = { name: 'mixed (all of the above in turn)', request: (i) => base[i % base.length]!.request(i) };
  return [...base, mixed];
}

/** Ours through `user/search_user/`: the staff member signed in, deep cursors computed from `db`. */
async function oursAdapter(base: string, db: Kysely<Database>, engine: Engine, staff: string): Promise<OpenAdapter> {
  const client = await signInOverHttp(db, base, staff);
  const cursors = new Map<number, string>();
  return {
    async send(request) {
      if (request.offset > 0 && !cursors.has(request.offset)) {
        if (request.includeDeleted) throw new Error('a deep page of ours is measured with deleted users left out');
        cursors.set(request.offset, await deepCursor(db, engine, { sort: 'id', dir: 'desc' }, request.offset));
      }
      const { bytes, reply } = await timedPost<{ total_users: number | null }>(
        client,
        '/user/search_user/',
        oursForm(request, cursors.get(request.offset)),
      );
      return { bytes, total: reply.total_users };
    },
    async close() {
      await removeHttpStaff(db, staff);
    },
  };
}

interface Side {
  label: string;
  adapter: OpenAdapter;
}

/** One round of `c` on `side`: its p50/p95 and the mean reply size. */
async function round(side: Side, c: Case, clients: number): Promise<{ p50: number; p95: number; bytes: number }> {
  let bytes = 0;
  const times = await concurrentTimes(clients, clients * perClient(clients), async (i) => {
    const t = performance.now();
    const reply = await side.adapter.send(c.request(i));
    bytes += reply.bytes;
    return performance.now() - t;
  });
  return { ...summary(times), bytes: bytes / times.length };
}

const ms = (x: number) => `${x.toFixed(1)}`.padStart(6);
const ratio = (a: number, b: number) => `${(a / Math.max(b, 0.001)).toFixed(2)}×`.padStart(7);

async function compare(options: Options): Promise<void> {
  if (!options.against) throw new Error(`--against <url> is needed\n${USAGE}`);
  const ourTarget = options.db ? targetOf(options.db) : benchTarget('sqlite');
  const ourDb = openDatabase(ourTarget);
  await migrateToLatest(ourDb);
  const server = await startServerProcess(ourTarget);
  let theirDb: Kysely<Database> | null = null;
  const sides: Side[] = [];
  try {
    sides.push({ label: 'ours', adapter: await oursAdapter(server.base, ourDb, ourTarget.engine, OURS_STAFF) });
    if (options.adapter === 'directus') {
      if (!options.token) throw new Error('--adapter directus needs --token <static token>');
      sides.push({
        label: 'directus',
        adapter: directusAdapter({
          ...DIRECTUS_DEFAULTS,
          base: options.against,
          token: options.token,
          collection: options.collection,
        }),
      });
    } else {
      if (!options['against-db']) throw new Error('--adapter ours needs --against-db <its database>');
      const theirTarget = targetOf(options['against-db']);
      theirDb = openDatabase(theirTarget);
      sides.push({
        label: 'theirs',
        adapter: await oursAdapter(options.against, theirDb, theirTarget.engine, THEIRS_STAFF),
      });
    }
    const pageSize = options['page-size'];
    const first = await sides[1]!.adapter.send({ q: '', includeDeleted: false, offset: 0, pageSize });
    const half = Math.floor((first.total ?? 2) / 2);
    const cases = await casesFrom(ourDb, pageSize, half);
    console.log(
      `Side by side — ours (${ourTarget.engine}, ${server.base}) and ${sides[1]!.label} (${options.against}); ` +
        `${options.rounds} rounds a cell, ours and theirs in turn; ${pageSize} rows a page; ms; ${loadNow()}`,
    );
    for (const side of sides) for (let i = 0; i < 5; i++) await side.adapter.send(cases[0]!.request(i));
    for (const clients of options.clients) {
      console.log(
        `${'clients'.padEnd(7)} ${'request'.padEnd(48)} ${'ours p50'.padStart(8)} ${'p95'.padStart(6)}  ` +
          `${'theirs p50'.padStart(10)} ${'p95'.padStart(6)}  ${'÷ p50'.padStart(7)} ${'÷ p95'.padStart(7)}  bytes ours/theirs`,
      );
      for (const c of cases) {
        const runs: Record<string, { p50: number; p95: number; bytes: number }[]> = { 0: [], 1: [] };
        for (let r = 0; r < options.rounds; r++) {
          const order = r % 2 === 0 ? [0, 1] : [1, 0];
          for (const s of order) runs[s]!.push(await round(sides[s]!, c, clients));
        }
        const [ours, theirs] = [0, 1].map((s) => ({
          ...medianSummary(runs[s]!),
          bytes: runs[s]!.reduce((a, x) => a + x.bytes, 0) / runs[s]!.length,
        }));
        console.log(
          `${String(clients).padStart(7)} ${c.name.padEnd(48)} ${ms(ours!.p50).padStart(8)} ${ms(ours!.p95)}  ` +
            `${ms(theirs!.p50).padStart(10)} ${ms(theirs!.p95)}  ${ratio(ours!.p50, theirs!.p50)} ${ratio(ours!.p95, theirs!.p95)}  ` +
            `${count(Math.round(ours!.bytes))}/${count(Math.round(theirs!.bytes))}`,
        );
      }
      console.log(`  (${clients} client${clients === 1 ? '' : 's'} done; ${loadNow()})`);
    }
    console.log(
      'p50/p95: the median over the rounds of each round’s own; ÷ is ours ÷ theirs (below 1: ours is faster). ' +
        'Our search total stops counting past 1,000; a Directus filter_count counts every match.',
    );
  } finally {
    for (const side of sides) await side.adapter.close().catch(() => {});
    await server.stop();
    await ourDb.destroy();
    await theirDb?.destroy();
  }
}

/** `compare serve --db <database>`: a server of ours as the bench starts one, until interrupted. */
async function serve(options: Options): Promise<void> {
  if (!options.db) throw new Error(`serve needs --db <database>\n${USAGE}`);
  const server = await startServerProcess(targetOf(options.db));
  console.log(`Serving ${options.db} at ${server.base} (Ctrl-C stops it)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.stop();
}

export async function compareMain(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: Object.fromEntries(Object.keys(Options.entries).map((k) => [k, { type: 'string' as const }])),
  });
  const parsed = v.safeParse(Options, values);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new Error(`--${v.getDotPath(issue) ?? '?'}: ${issue.message}\n${USAGE}`);
  }
  if (positionals[0] === 'serve') return serve(parsed.output);
  if (positionals.length) throw new Error(`unknown words: ${positionals.join(' ')}\n${USAGE}`);
  return compare(parsed.output);
}
