// Bulk tag upload at 1,000,000 users (decision 045): 100,000 users by email, end to end over HTTP
// against the server run as its own process — the dry run (assign_tags_preview/) and Add Tags
// (assign_tags/, updated_from bulk_upload), once without the file's reading and once with it
// (the page's parser, src/domain/identifier-file.ts, run here in Node on the 100,000-line CSV);
// then Reset Tags to the same tag. Target ≤ 10 s on each engine, parse included. The users' tags
// are put back afterwards and the bench tag removed, so the bench database ends as it began.
// BENCH_BULK_TAG_USERS sets another count.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { readIdentifierFile } from '../src/domain/identifier-file';
import type { AssignTagsPreviewReply, AssignTagsReply, CreateTagReply } from '../src/domain/tags';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { count as n, onBothEngines, openBenchDatabase, timedPost, verdict } from './support';
import { BENCH_USERNAME_PREFIX, benchTarget } from './user-data';

const STAFF = 'bench.bulk.tagger';
const USERS = Number(process.env['BENCH_BULK_TAG_USERS'] ?? 100_000);
const TARGET_S = 10;

/** Live bench users spread over the table: every `step`-th id. */
async function spreadEmails(
  db: Kysely<Database>,
  count: number,
  step: number,
): Promise<{ ids: number[]; emails: string[] }> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('username', '>=', BENCH_USERNAME_PREFIX)
    .where('username', '<', 'b/')
    .where('deleted', '=', 0)
    .where(sql`id % ${step}`, '=', 3 % step)
    .orderBy('id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`only ${rows.length} bench users found for the bulk tag bench`);
  return { ids: rows.map((r) => Number(r.id)), emails: rows.map((r) => r.email) };
}

async function uploadRound(
  client: HttpClient,
  tag: number,
  values: string[],
  type: 'overwrite' | '',
): Promise<{ preview: number; apply: number; changed: number; matched: number }> {
  const fields = { tags: JSON.stringify([tag]), userIds: JSON.stringify(values) };
  const preview = await timedPost<AssignTagsPreviewReply>(client, '/user/assign_tags_preview/', fields);
  const apply = await timedPost<AssignTagsReply>(client, '/user/assign_tags/', {
    ...fields,
    type,
    updated_from: 'bulk_upload',
  });
  if (!apply.reply.status) throw new Error(`assign_tags/ matched nobody: ${apply.reply.msg.slice(0, 5).join(', ')}`);
  return {
    preview: preview.ms / 1000,
    apply: apply.ms / 1000,
    changed: apply.reply.changed ?? 0,
    matched: preview.reply.matched,
  };
}

export async function benchBulkTagsOn(engine: Engine): Promise<string[]> {
  const lines: string[] = [];
  const db = await openBenchDatabase(engine);
  const server = await startServerProcess(benchTarget(engine)).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  let tag: number | null = null;
  const saved: { user_id: number; tag_id: number }[] = [];
  let ids: number[] = [];
  try {
    const total = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const chosen = await spreadEmails(db, USERS, Math.max(1, Math.floor(total / (USERS * 1.2))));
    ids = chosen.ids;
    // Reset Tags removes the users' other tags: they are kept here and put back afterwards.
    for (let i = 0; i < ids.length; i += 5_000) {
      const rows = await db
        .selectFrom('user_tags')
        .select(['user_id', 'tag_id'])
        .where('user_id', 'in', ids.slice(i, i + 5_000))
        .execute();
      saved.push(...rows.map((r) => ({ user_id: Number(r.user_id), tag_id: Number(r.tag_id) })));
    }
    const client = await signInOverHttp(db, server.base, STAFF);
    const created = await timedPost<CreateTagReply>(client, '/user/update_user_tags/', {
      action: 'create',
      name: `Bench bulk tags ${Date.now()}`,
    });
    if (!created.reply.status) throw new Error(created.reply.msg);
    tag = created.reply.tag.id;
    const csv = new TextEncoder().encode(`email\r\n${chosen.emails.join('\r\n')}\r\n`);

    // Parse excluded: the identifiers as the page would send them.
    const plain = readIdentifierFile(csv);
    if (!plain.ok) throw new Error(plain.reason);
    const first = await uploadRound(client, tag, plain.values, '');
    lines.push(
      `${engine} bulk tag upload, ${n(USERS)} users by email of ${n(total)} (parse excluded): dry run ${first.preview.toFixed(2)} s + Add Tags ${first.apply.toFixed(2)} s ` +
        `= ${(first.preview + first.apply).toFixed(2)} s (${n(first.changed)} changed) (target ≤ ${TARGET_S} s) ${verdict(first.preview + first.apply <= TARGET_S)}`,
    );

    // Parse included: read the CSV with the page's parser, then the same calls (the tag removed first, so it changes them again).
    await db.deleteFrom('user_tags').where('tag_id', '=', tag).execute();
    const started = performance.now();
    const read = readIdentifierFile(csv);
    if (!read.ok) throw new Error(read.reason);
    const parseS = (performance.now() - started) / 1000;
    const second = await uploadRound(client, tag, read.values, '');
    const endToEnd = (performance.now() - started) / 1000;
    lines.push(
      `${engine} bulk tag upload, ${n(USERS)} users (parse included): parse ${parseS.toFixed(2)} s + dry run ${second.preview.toFixed(2)} s + Add Tags ${second.apply.toFixed(2)} s ` +
        `= ${endToEnd.toFixed(2)} s (target ≤ ${TARGET_S} s) ${verdict(endToEnd <= TARGET_S)}`,
    );

    const reset = await uploadRound(client, tag, read.values, 'overwrite');
    lines.push(
      `${engine} Reset Tags of the same ${n(USERS)} users: dry run ${reset.preview.toFixed(2)} s + ${reset.apply.toFixed(2)} s (${n(reset.changed)} changed)`,
    );
  } finally {
    try {
      if (tag !== null) {
        await db.deleteFrom('user_tags').where('tag_id', '=', tag).execute();
        for (let i = 0; i < saved.length; i += 5_000) {
          await db
            .insertInto('user_tags')
            .values(saved.slice(i, i + 5_000))
            .onConflict((oc) => oc.columns(['user_id', 'tag_id']).doNothing())
            .execute();
        }
        await db.deleteFrom('tags').where('id', '=', tag).execute();
      }
      await db.deleteFrom('audit_log').where('author', '=', STAFF).execute();
      await removeHttpStaff(db, STAFF);
    } finally {
      await server.stop();
      await db.destroy();
    }
  }
  return lines;
}

export function benchBulkTags(): Promise<string[]> {
  return onBothEngines((engine) => benchBulkTagsOn(engine));
}
