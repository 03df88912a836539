// Fulfillments from Other Sources at 1,000,000 users and ~1,000,000 fulfillments (decision 060),
// through the real HTTP handlers with a signed-in session: a distributor's file of 50,000 rows —
// users by email, username and id over the whole table, 40 brokers by id and by name, with 1% bad
// rows of each kind — read by the reader the browser's worker runs, verified, then applied in one
// transaction. The largest pause of the event loop during each call is measured beside it. What
// the apply added (its fulfillments, the import, the audit rows) is removed afterwards, so the
// bench database ends as it began. BENCH_OTHER_SOURCE_ROWS sets the row count, BENCH_OTHER_SOURCES_DB
// the database (both bench databases otherwise).
import { sql, type Kysely } from 'kysely';
import type { App } from '../server/app';
import type { Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { readOtherSourceFile, type ApplyReply, type VerifyReply } from '../src/domain/broker-research-other-sources';
import type { BenchClient } from './setup';
import { count as n, onChosenOrBothEngines, withSignedInApp } from './support';
import { BENCH_USERNAME_PREFIX } from './user-data';

const STAFF = 'bench.other.sources';
const ROWS = Number(process.env['BENCH_OTHER_SOURCE_ROWS'] ?? 50_000);
const BROKERS = 40;
const ROUTE = '/api/researchreports/other_sources';

/** The longest the event loop waited for a 5 ms timer while `work` ran. */
async function withLoopPause<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; maxPauseMs: number }> {
  let maxPause = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    maxPause = Math.max(maxPause, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - started, maxPauseMs: maxPause };
  } finally {
    clearInterval(timer);
  }
}

async function upload<T>(on: { app: App; client: BenchClient; dist: string }, path: string, csv: string): Promise<T> {
  const form = new FormData();
  form.append('file', new File([csv], 'distributor-entitlements.csv', { type: 'text/csv' }));
  form.append('source_name', 'Bench distributor file');
  form.append('dist', on.dist);
  const res = await on.app.request(`http://localhost${ROUTE}${path}`, {
    method: 'POST',
    headers: on.client.headers(),
    body: form,
  });
  const reply = (await res.json()) as T;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(reply).slice(0, 300)}`);
  return reply;
}

/** The bad rows, by the row's place in each hundred: no such user, no such broker, no such day, an end before the start, too few values. */
const BAD_ROWS: Record<number, (user: string, broker: string, i: number) => string> = {
  11: (_, broker, i) => `nobody${i}@nowhere.example,${broker},2026-12-01,`,
  22: (user, _, i) => `${user},No Such Broker ${i},2026-12-01,`,
  33: (user, broker) => `${user},${broker},2026-13-01,`,
  44: (user, broker) => `${user},${broker},2026-12-01,2026-11-01`,
  55: (user, broker) => `${user},${broker}`,
};

/** 50,000 rows: distinct (user, broker) pairs, and 1% of rows bad in each of five ways. */
async function buildFile(db: Kysely<Database>): Promise<{ csv: string; bad: number }> {
  const total = Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const perBroker = Math.ceil(ROWS / BROKERS);
  const step = Math.max(1, Math.floor(total / (perBroker * 1.3)));
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('username', '>=', BENCH_USERNAME_PREFIX)
    .where('username', '<', 'b/')
    .where('deleted', '=', 0)
    .where('active', '=', 1)
    .where(sql`id % ${step}`, '=', 3 % step)
    .orderBy('id')
    .limit(perBroker)
    .execute();
  if (users.length < perBroker) throw new Error(`only ${users.length} bench users found for the other-sources bench`);
  const brokers = await db.selectFrom('brokers').select(['id', 'name']).orderBy('id').limit(BROKERS).execute();
  const lines = ['user,broker,starts,ends'];
  let bad = 0;
  for (let i = 0; i < ROWS; i++) {
    const u = users[i % perBroker]!;
    const b = brokers[Math.floor(i / perBroker)]!;
    const user = [u.email.toUpperCase(), u.username, String(u.id)][i % 3]!;
    const broker = i % 2 === 0 ? String(b.id) : `"${b.name.replaceAll('"', '""')}"`;
    let row = `${user},${broker},2026-12-01,${i % 5 === 0 ? '2027-11-30' : ''}`;
    const wrong = BAD_ROWS[i % 100];
    if (wrong) {
      row = wrong(user, broker, i);
      bad++;
    }
    lines.push(row);
  }
  return { csv: `${lines.join('\r\n')}\r\n`, bad };
}

export async function benchOtherSourcesOn(engine: Engine, db: Kysely<Database>): Promise<string[]> {
  return withSignedInApp(db, { username: STAFF, lastName: 'Sources' }, async ({ app, client, config }) => {
    const lines: string[] = [];
    const on = { app, client, dist: config.productKey };
    const { csv, bad } = await buildFile(db);
    const r = performance.now();
    const read = readOtherSourceFile(new TextEncoder().encode(csv));
    if (!read.ok) throw new Error(read.reason);
    const readMs = performance.now() - r;
    lines.push(
      `${engine} other sources: a file of ${n(ROWS)} rows (${(csv.length / 1e6).toFixed(2)} MB, ${n(bad)} bad) read in ${readMs.toFixed(0)} ms by the browser's reader`,
    );

    const verify = await withLoopPause(() => upload<VerifyReply>(on, '/verify/', csv));
    lines.push(
      `${engine} verify: ${(verify.ms / 1000).toFixed(2)} s — ${n(verify.value.taken)} to add, ${n(verify.value.skipped)} skipped, ${n(verify.value.refused)} refused; ` +
        `longest event-loop pause ${verify.maxPauseMs.toFixed(0)} ms`,
    );
    let importId: number | null = null;
    try {
      const apply = await withLoopPause(() => upload<ApplyReply>(on, '/apply/', csv));
      importId = apply.value.import_id;
      if (apply.value.taken !== verify.value.taken)
        throw new Error(`applied ${apply.value.taken}, verified ${verify.value.taken}`);
      lines.push(
        `${engine} apply (one transaction, checked again): ${(apply.ms / 1000).toFixed(2)} s — ${n(apply.value.taken)} fulfillments added; ` +
          `longest event-loop pause ${apply.maxPauseMs.toFixed(0)} ms`,
      );
      lines.push(`${engine} verify + apply of ${n(ROWS)} rows: ${((verify.ms + apply.ms) / 1000).toFixed(2)} s`);
    } finally {
      if (importId !== null) {
        await db.deleteFrom('fulfillments').where('import_id', '=', importId).execute();
        await db.deleteFrom('other_source_imports').where('id', '=', importId).execute();
      }
      await db.deleteFrom('audit_log').where('author', '=', STAFF).execute();
    }
    return lines;
  });
}

/** Both bench databases, or the one BENCH_OTHER_SOURCES_DB names (a SQLite file or a postgres:// URL). */
export function benchOtherSources(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_OTHER_SOURCES_DB', (engine, db) => benchOtherSourcesOn(engine, db));
}
