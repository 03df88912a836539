// SKU Configuration (decision 053) at 100,000 accounts, over real HTTP against the server run as
// its own process (bench/http.ts), one client: the SKU list (each SKU with its holder count), a
// page of holders of a SKU all 100,000 accounts hold (the first and one deep in), and an
// assignment (preview, then assign from the version read: the account settings write, the
// holding and the audit row in one transaction) to 200 accounts one after another. The bench adds
// the accounts and SKUs and removes them after. Targets are this bench's own (the issue names
// none for SKUs): p95 ≤ 50 ms for each read and each of the two assignment calls.
//
// BENCH_SKUS_DB=<SQLite file or postgres:// URL> runs it on that database instead, on that engine only.
import { sql, type Kysely } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { count, onChosenOrBothEngines, summary, timedPost, verdict } from './support';

const STAFF = 'bench.skus';
const ACCOUNTS = 100_000;
const READS = 200;
const ASSIGNS = 200;
const P95_MS = 50;
const ACCOUNT_PREFIX = 'Bench SKU account ';
const HELD = 'BENCH-HELD';
const SOLD = 'BENCH-SOLD';

/** A GET with the client's session cookie (HttpClient only posts), timed to the end of the reply. */
async function timedGet<T>(client: HttpClient, base: string, route: string): Promise<{ ms: number; reply: T }> {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
  const t = performance.now();
  const res = await fetch(`${base}${route}`, {
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  const reply = (await res.json()) as T;
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(reply).slice(0, 300)}`);
  return { ms, reply };
}

async function remove(db: Kysely<Database>): Promise<void> {
  const skus = (await db.selectFrom('skus').select('id').where('code', 'in', [HELD, SOLD]).execute()).map((s) => s.id);
  if (skus.length) await db.deleteFrom('account_skus').where('sku_id', 'in', skus).execute();
  for (;;) {
    const ids = (
      await db
        .selectFrom('organizations')
        .select('id')
        .where('name', 'like', `${ACCOUNT_PREFIX}%`)
        .limit(5_000)
        .execute()
    ).map((o) => o.id);
    if (ids.length === 0) break;
    await db.deleteFrom('account_skus').where('account_id', 'in', ids).execute();
    await db.deleteFrom('account_settings').where('account_id', 'in', ids).execute();
    await db.deleteFrom('organizations').where('id', 'in', ids).execute();
  }
  if (skus.length) await db.deleteFrom('skus').where('id', 'in', skus).execute();
}

async function add(db: Kysely<Database>): Promise<{ held: number; sold: number; accounts: number[] }> {
  const now = Date.now();
  const sku = async (code: string, settings: Record<string, unknown>) =>
    Number(
      (
        await db
          .insertInto('skus')
          .values({
            code,
            name: code,
            product_configuration: 'product_res',
            settings: JSON.stringify(settings),
            created_by: STAFF,
            updated_by: STAFF,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const held = await sku(HELD, { otd_limit: 30 });
  const sold = await sku(SOLD, { export_hits_limit: 700, excelplug: true });
  const accounts: number[] = [];
  for (let i = 0; i < ACCOUNTS; i += 1_000) {
    const rows = await db
      .insertInto('organizations')
      .values(
        Array.from({ length: Math.min(1_000, ACCOUNTS - i) }, (_, k) => ({
          name: `${ACCOUNT_PREFIX}${String(i + k).padStart(6, '0')}`,
          salesforce_id: null,
          sf_acc_id: null,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => Number(r.id));
    accounts.push(...ids);
    await db
      .insertInto('account_skus')
      .values(ids.map((account_id) => ({ account_id, sku_id: held, assigned_by: STAFF, assigned_at: now })))
      .execute();
  }
  return { held, sold, accounts };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const line = (engine: Engine, what: string, times: number[]) => {
  const s = summary(times);
  return `${engine} ${what.padEnd(34)} p50 ${fmt(s.p50).padEnd(9)} p95 ${fmt(s.p95).padEnd(9)} target p95 ≤ ${P95_MS} ms ${verdict(s.p95 <= P95_MS)}`;
};

async function benchOn(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const lines: string[] = [];
  const server = await startServerProcess(target).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  try {
    await remove(db);
    const started = performance.now();
    const { held, sold, accounts } = await add(db);
    // As autovacuum leaves a table in steady state: statistics, and the visibility map that lets counts read the index alone.
    if (engine === 'postgres') await sql`vacuum analyze account_skus, organizations, skus`.execute(db);
    lines.push(
      `${engine}: ${count(ACCOUNTS)} accounts holding ${HELD}, added in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const client = await signInOverHttp(db, server.base, STAFF);
    const reads = async (route: string) => {
      for (let i = 0; i < 20; i++) await timedGet(client, server.base, route); // warm-up
      const times: number[] = [];
      for (let i = 0; i < READS; i++) times.push((await timedGet(client, server.base, route)).ms);
      return times;
    };
    lines.push(line(engine, 'GET api/sku/ (list, counts)', await reads('/api/sku/')));
    lines.push(line(engine, 'GET api/sku/holders/ first page', await reads(`/api/sku/holders/?sku_id=${held}`)));
    lines.push(
      line(
        engine,
        'GET api/sku/holders/ deep page',
        await reads(`/api/sku/holders/?sku_id=${held}&after=${accounts[ACCOUNTS / 2]}`),
      ),
    );
    const previews: number[] = [];
    const assigns: number[] = [];
    for (let i = 0; i < ASSIGNS; i++) {
      const accountId = accounts[(i * 487) % ACCOUNTS]!;
      const p = await timedPost<{ preview: { version: number; changes: unknown[] } }>(
        client,
        '/api/sku/assign/preview/',
        { sku_id: String(sold), account_id: String(accountId) },
      );
      previews.push(p.ms);
      const a = await timedPost<{ status: boolean }>(client, '/api/sku/assign/', {
        sku_id: String(sold),
        account_id: String(accountId),
        version: String(p.reply.preview.version),
      });
      assigns.push(a.ms);
    }
    lines.push(line(engine, 'POST api/sku/assign/preview/', previews));
    lines.push(line(engine, 'POST api/sku/assign/', assigns));
    lines.push(
      `${engine}: ${READS} calls per read, ${ASSIGNS} assignments to distinct accounts, one keep-alive client over HTTP; ${client.retries} request(s) sent again`,
    );
    return lines;
  } finally {
    await server.stop();
    await removeHttpStaff(db, STAFF).catch(() => {});
    await remove(db).catch(() => {});
    await db.destroy();
  }
}

export function benchSkus(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_SKUS_DB', benchOn);
}
