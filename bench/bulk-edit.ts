// Bulk edit at 1,000,000 users, through the real HTTP handlers (app.request with a signed-in
// session): the preview and the edit of 10,000 users spread over the table, for flags (the
// users.flags JSON) and for a column with counting triggers (active); each edit is made and then
// undone, so the bench database ends as it began and repeated runs compare. Also: matching
// 100,000 identifiers (emails in any case, usernames, ids) and a CSV upload through the route.
// On SQLite, and on PostgreSQL when reachable.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { resolveIdentifiers } from '../server/users/selection';
import type { BulkApplyReply, BulkPreviewReply, BulkSelection, UploadBulkEditReply } from '../src/domain/users';
import type { BenchClient } from './setup';
import { count as n, onBothEngines, openBenchDatabase, timedPost, verdict, withSignedInApp } from './support';
import { BENCH_USERNAME_PREFIX } from './user-data';

const STAFF = 'bench.bulk.editor';
const USERS = 10_000;
const IDENTIFIERS = 100_000;
/** Emails in one uploaded CSV: as many as fit the request body cap (1 MB). */
const UPLOAD_ROWS = 20_000;
const APPLY_TARGET_S = 2;

/** Live, active bench users spread over the whole table: every `step`-th id. */
async function spreadUsers(
  db: Kysely<Database>,
  count: number,
  step: number,
): Promise<{ id: number; username: string; email: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('username', '>=', BENCH_USERNAME_PREFIX)
    .where('username', '<', 'b/')
    .where('deleted', '=', 0)
    .where('active', '=', 1)
    .where(sql`id % ${step}`, '=', 7 % step)
    .orderBy('id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`only ${rows.length} bench users found for the bulk edit bench`);
  return rows.map((r) => ({ id: Number(r.id), username: r.username, email: r.email }));
}

async function edit(
  client: BenchClient,
  selection: BulkSelection,
  changes: Record<string, boolean | string>,
  expected: number,
): Promise<number> {
  const { ms, reply } = await timedPost<BulkApplyReply>(client, '/user/bulk_edit_user/', {
    selection: JSON.stringify(selection),
    changes: JSON.stringify(changes),
  });
  if (reply.status !== 1) throw new Error(`bulk edit refused: ${reply.data}`);
  if (reply.data.updated !== expected)
    throw new Error(`bulk edit changed ${reply.data.updated} users, expected ${expected}`);
  return ms / 1000;
}

export async function benchBulkEditOn(
  engine: Engine,
  open: () => Promise<Kysely<Database>> = () => openBenchDatabase(engine),
): Promise<string[]> {
  return withSignedInApp(await open(), { username: STAFF, lastName: 'Bulk' }, async ({ db, app, client }) => {
    const lines: string[] = [];
    const total = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const chosen = await spreadUsers(db, USERS, Math.max(1, Math.floor(total / (USERS * 1.3))));
    const selection: BulkSelection = { by: 'ids', ids: chosen.map((u) => u.id) };
    // Warm the caches the way a running server has them.
    await timedPost(client, '/user/bulk_edit_user_new/', {
      selection: JSON.stringify({ by: 'ids', ids: selection.ids.slice(0, 100) }),
      changes: '{"cgs":true}',
    });

    const flagsOn = { cgs: true, rms_version: 'v2' };
    const preview = await timedPost<BulkPreviewReply>(client, '/user/bulk_edit_user_new/', {
      selection: JSON.stringify(selection),
      changes: JSON.stringify(flagsOn),
    });
    if (preview.reply.status !== 1) throw new Error(`preview refused: ${preview.reply.data}`);
    lines.push(
      `${engine} bulk edit preview, ${n(USERS)} users of ${n(total)}: ${(preview.ms / 1000).toFixed(2)} s (${n(preview.reply.data.changing)} would change)`,
    );

    const on = await edit(client, selection, flagsOn, USERS);
    const off = await edit(client, selection, { cgs: false, rms_version: 'v1' }, USERS);
    lines.push(
      `${engine} bulk edit of ${n(USERS)} users, two flags (users.flags JSON): ${on.toFixed(2)} s, and back ${off.toFixed(2)} s ` +
        `(target ≤ ${APPLY_TARGET_S} s) ${verdict(Math.max(on, off) <= APPLY_TARGET_S)}`,
    );
    const inactive = await edit(client, selection, { active: false }, USERS);
    const active = await edit(client, selection, { active: true }, USERS);
    lines.push(
      `${engine} bulk edit of ${n(USERS)} users, active (a column with counting triggers): ${inactive.toFixed(2)} s, and back ${active.toFixed(2)} s ` +
        `(target ≤ ${APPLY_TARGET_S} s) ${verdict(Math.max(inactive, active) <= APPLY_TARGET_S)}`,
    );

    // Matching identifiers: a third each emails (upper-cased), usernames and ids, and 1% strangers.
    const many = await spreadUsers(db, IDENTIFIERS, Math.max(1, Math.floor(total / (IDENTIFIERS * 1.3))));
    const identifiers = many.map((u, i) =>
      i % 3 === 0 ? u.email.toUpperCase() : i % 3 === 1 ? u.username : String(u.id),
    );
    for (let i = 0; i < IDENTIFIERS / 100; i++) identifiers[i * 100] = `stranger${i}@nowhere.example`;
    const t = performance.now();
    const resolved = await resolveIdentifiers(db, identifiers);
    const resolveS = (performance.now() - t) / 1000;
    lines.push(
      `${engine} matching ${n(IDENTIFIERS)} identifiers (emails, usernames, ids): ${resolveS.toFixed(2)} s, ` +
        `${n(resolved.matched.length)} matched, ${n(resolved.unmatched.length)} not`,
    );

    const csv = `email\n${many
      .slice(0, UPLOAD_ROWS)
      .map((u) => u.email)
      .join('\n')}\n`;
    const form = new FormData();
    form.append('file', new File([csv], 'users.csv', { type: 'text/csv' }));
    const u = performance.now();
    const res = await app.request('http://localhost/user/upload_bulk_edit_data/', {
      method: 'POST',
      headers: client.headers(),
      body: form,
    });
    const uploaded = (await res.json()) as UploadBulkEditReply;
    if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
    lines.push(
      `${engine} CSV upload of ${n(UPLOAD_ROWS)} emails (${(csv.length / 1e6).toFixed(2)} MB): ${((performance.now() - u) / 1000).toFixed(2)} s, ` +
        `${n(uploaded.data.validDataPoints.length)} matched`,
    );

    // The run's own audit rows go, so the bench database does not grow run after run.
    await db.deleteFrom('audit_log').where('author', '=', STAFF).execute();
    return lines;
  });
}

export function benchBulkEdit(): Promise<string[]> {
  return onBothEngines((engine) => benchBulkEditOn(engine));
}
