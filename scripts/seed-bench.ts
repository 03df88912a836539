// `npm run seed:bench`: the bench database of 1,000,000 users across 5,000 organisations, on
// SQLite (data/bench/users-1m.db) by default or on PostgreSQL when DATABASE_URL is a postgres://
// URL (the database `staff_console_bench`, or BENCH_PG_DB, on that server). Reuses a full one;
// otherwise says so, drops it (SQLite: removes the file) and seeds it anew, announcing each step.
// `npm run bench` never seeds: it skips an engine whose bench database is missing, saying why.
import { ensureBenchAccounts } from '../bench/account-data';
import { ensureBenchAudit } from '../bench/audit-data';
import { ensureBenchInvites } from '../bench/invite-data';
import { ensureBenchReports } from '../bench/reports-data';
import { ensureBenchResearch } from '../bench/broker-research-data';
import { refreshStatistics, seededBenchDatabase } from '../bench/user-data';

async function main(): Promise<void> {
  const url = process.env['DATABASE_URL'];
  const engine = url && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
  if (engine === 'postgres') process.env['BENCH_PG_URL'] = url;
  const started = performance.now();
  const db = await seededBenchDatabase(engine, (line) => console.log(line));
  await ensureBenchAccounts(db, (line) => console.log(line));
  if (await ensureBenchResearch(db, process.env['PRODUCT_KEY'] || 'product', (line) => console.log(line)))
    await refreshStatistics(db, engine);
  if (await ensureBenchAudit(db, (line) => console.log(line))) await refreshStatistics(db, engine);
  if (await ensureBenchReports(db, (line) => console.log(line))) await refreshStatistics(db, engine);
  if (await ensureBenchInvites(db, (line) => console.log(line))) await refreshStatistics(db, engine);
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await db.destroy();
  console.log(
    `${engine}: ${Number(n).toLocaleString('en-US')} users ready (${((performance.now() - started) / 1000).toFixed(0)} s).`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
