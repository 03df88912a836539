// The user export over real HTTP at 1,000,000 users (decision 106): the server in its own process
// with bench/server-probe.mjs loaded, eight clients searching all the while (the search mix of
// bench/user-list.ts), and the broad export of bench/user-list.ts (every grace_customer, about
// 97,000 rows) as CSV and XLSX, REPEATS times each, its rows/s beside the target. Then every user
// (about 970,000 rows) in each format once: the server's peak resident memory beside what it held
// before, the flat-memory check. Each line also gives the event loop's delay during the export (the
// probe's histogram, 10 ms resolution), the searches' p95 meanwhile, and the machine's load
// average, since the two cores are shared. SQLite, then PostgreSQL; BENCH_EXPORT_DB names one other
// database (a SQLite file or a postgres:// URL) to run on instead, e.g. a smaller one.
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { DatabaseTarget, Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient, type ServerProcess } from './http';
import { count, median, onChosenOrBothEngines, summary, verdict } from './support';
import { searchMix } from './user-list';

const STAFF = 'bench.exporter';
const REPEATS = 3;
const SEARCHING_CLIENTS = 8;
/** Every export's rows/s target, on both engines (the cost curve holds its exports to it too). */
export const EXPORT_ROWS_PER_S = 100_000;
/** The event loop may stall no longer than a search's p95 target at eight clients. */
const DELAY_MAX_MS = 50;
/** Resident memory an export of every user may add to what the server held before it. */
const RSS_GROWTH_MB = 100;

const mb = (bytes: number) => bytes / 1024 / 1024;
const load = () => `load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`;

/** Eight clients sending the search mix, each waiting for its reply, until stopped; their times. */
function searching(client: HttpClient): { stop(): Promise<number[]> } {
  const mix = searchMix();
  const times: number[] = [];
  let running = true;
  let i = 0;
  const loops = Array.from({ length: SEARCHING_CLIENTS }, async () => {
    while (running) {
      const m = mix[i++ % mix.length]!;
      const t = performance.now();
      const res = await client.post('/user/search_user/', m.form(i));
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
      times.push(performance.now() - t);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return times;
    },
  };
}

interface ExportRun {
  rows: number;
  bytes: number;
  rowsPerS: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  delayP99Ms: number;
  delayMaxMs: number;
}

async function timedExport(
  client: HttpClient,
  server: ServerProcess,
  form: Record<string, string>,
): Promise<ExportRun> {
  // The probe's last line before the export: what the server held then.
  const before = server.samples.at(-1);
  const from = Date.now();
  const t = performance.now();
  const res = await client.post('/user/export_users/', form);
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  let bytes = 0;
  for await (const chunk of res.body!) bytes += chunk.byteLength;
  const s = (performance.now() - t) / 1000;
  // One more probe line, so the last 200 ms of the export are in.
  await new Promise((resolve) => setTimeout(resolve, 250));
  const during = server.samples.filter((x) => x.at >= from);
  const rows = Number(res.headers.get('X-Export-Rows'));
  return {
    rows,
    bytes,
    rowsPerS: rows / s,
    rssBeforeMb: mb(before?.rss ?? 0),
    rssPeakMb: mb(Math.max(0, ...during.map((x) => x.rss))),
    delayP99Ms: Math.max(0, ...during.map((x) => x.delayP99Ms)),
    delayMaxMs: Math.max(0, ...during.map((x) => x.delayMaxMs)),
  };
}

async function benchEngine(engine: Engine, db: Kysely<Database>, target: DatabaseTarget): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    process.stderr.write(`  … ${line}\n`);
    lines.push(line);
  };
  const server = await startServerProcess(target, { probe: true });
  try {
    const client = await signInOverHttp(db, server.base, STAFF);
    for (const format of ['csv', 'xlsx'] as const) {
      const load1 = load();
      const searches = searching(client);
      const runs: ExportRun[] = [];
      for (let r = 0; r < REPEATS; r++)
        runs.push(await timedExport(client, server, { format, user_type: 'grace_customer' }));
      const searchP95 = summary(await searches.stop()).p95;
      const rate = median(runs.map((x) => x.rowsPerS));
      const delayMax = Math.max(...runs.map((x) => x.delayMaxMs));
      say(
        `${engine} export ${format}, ${count(runs[0]!.rows)} rows (${(runs[0]!.bytes / 1e6).toFixed(1)} MB), ${SEARCHING_CLIENTS} clients searching: ` +
          `median ${count(Math.round(rate))} rows/s of ${REPEATS} (${runs.map((x) => count(Math.round(x.rowsPerS))).join(', ')}); ` +
          `target ≥ ${count(EXPORT_ROWS_PER_S)} ${verdict(rate >= EXPORT_ROWS_PER_S)}; event-loop delay p99 ${Math.max(...runs.map((x) => x.delayP99Ms)).toFixed(0)} ms, ` +
          `max ${delayMax.toFixed(0)} ms (target ≤ ${DELAY_MAX_MS} ms ${verdict(delayMax <= DELAY_MAX_MS)}); searches p95 ${searchP95.toFixed(0)} ms; ${load1}`,
      );
    }
    for (const format of ['csv', 'xlsx'] as const) {
      const load1 = load();
      const run = await timedExport(client, server, { format });
      const growth = run.rssPeakMb - run.rssBeforeMb;
      say(
        `${engine} export ${format} of every user, ${count(run.rows)} rows (${(run.bytes / 1e6).toFixed(0)} MB): ${count(Math.round(run.rowsPerS))} rows/s; ` +
          `server RSS ${run.rssBeforeMb.toFixed(0)} MB before, peak ${run.rssPeakMb.toFixed(0)} MB (target growth ≤ ${RSS_GROWTH_MB} MB ${verdict(growth <= RSS_GROWTH_MB)}); ` +
          `event-loop delay max ${run.delayMaxMs.toFixed(0)} ms (target ≤ ${DELAY_MAX_MS} ms ${verdict(run.delayMaxMs <= DELAY_MAX_MS)}); ${load1}`,
      );
    }
    return lines;
  } finally {
    await server.stop();
    await removeHttpStaff(db, STAFF).catch(() => {});
    await db.destroy();
  }
}

export function benchExport(): Promise<string[]> {
  return onChosenOrBothEngines('BENCH_EXPORT_DB', benchEngine);
}
