// Group ManagementV2 at 100,000 groups and 1,000,000 users (decision 049), over HTTP against the
// server run as its own process: the bulk membership upload of 10,000 users by email into a new
// group of the whole platform — verify_file_data/ then add_users_to_groups/, target ≤ 2 s — and
// the group search: by a word, a word pair, a rare name, one organization, and the 20th page by
// cursor, p50 and p95 of 200 searches (target p95 ≤ 100 ms). The bench group, its members, its
// audit rows and the bench staff are removed afterwards. BENCH_GROUP_UPLOAD_USERS sets the count.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import type { AddUsersReply, GroupSearchReply, VerifyFileReply } from '../src/domain/groups-v2';
import { readIdentifierFile } from '../src/domain/identifier-file';
import { GROUP_TOPICS, GROUP_WORDS, benchGroupCount } from './groups-v2-data';
import { removeHttpStaff, signInOverHttp, startServerProcess, type HttpClient } from './http';
import { count as n, onBothEngines, openBenchDatabase, summary, timedPost, verdict } from './support';
import { BENCH_USERNAME_PREFIX, benchTarget } from './user-data';

const STAFF = 'bench.groups.v2';
const USERS = Number(process.env['BENCH_GROUP_UPLOAD_USERS'] ?? 10_000);
const UPLOAD_TARGET_S = 2;
const SEARCH_TARGET_MS = 100;
const SEARCHES = 200;

async function spreadEmails(db: Kysely<Database>, count: number, step: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('username', '>=', BENCH_USERNAME_PREFIX)
    .where('username', '<', 'b/')
    .where('deleted', '=', 0)
    .where(sql`id % ${step}`, '=', 7 % step)
    .orderBy('id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`only ${rows.length} bench users found for the group upload bench`);
  return rows.map((r) => r.email);
}

/** The searches a person makes: a word, a pair, a rare name, an organization, a deep page. */
async function searchForms(client: HttpClient, db: Kysely<Database>): Promise<Record<string, string>[]> {
  const org = await db
    .selectFrom('user_groups')
    .select('organization_id')
    .where('organization_id', 'is not', null)
    .limit(1)
    .executeTakeFirstOrThrow();
  let after: unknown = null;
  for (let page = 0; page < 19; page++) {
    const { reply } = await timedPost<GroupSearchReply>(client, '/user/groups_v2/search/', {
      query: '',
      after: after ? JSON.stringify(after) : '',
    });
    after = reply.next;
  }
  return [
    ...GROUP_WORDS.slice(0, 5).map((w) => ({ query: w.toLowerCase() })),
    ...GROUP_TOPICS.slice(0, 5).map((t, i) => ({ query: `${GROUP_WORDS[i]} ${t}`.toLowerCase() })),
    { query: '99999' },
    { query: 'no such group anywhere' },
    { organization_id: String(org.organization_id) },
    { query: 'desk', organization_id: String(org.organization_id) },
    { query: '', after: JSON.stringify(after) },
  ];
}

export async function benchGroupsV2On(engine: Engine): Promise<string[]> {
  const lines: string[] = [];
  const db = await openBenchDatabase(engine);
  const groups = await benchGroupCount(db);
  if (groups < 100_000) {
    await db.destroy();
    return [`${engine} group bench skipped: the bench database holds ${n(groups)} groups (run npm run seed:bench)`];
  }
  const server = await startServerProcess(benchTarget(engine)).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  let groupId: number | null = null;
  try {
    const total = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const emails = await spreadEmails(db, USERS, Math.max(1, Math.floor(total / (USERS * 1.2))));
    const client = await signInOverHttp(db, server.base, STAFF);
    groupId = (
      await db
        .insertInto('user_groups')
        .values({ name: `Bench upload ${Date.now()}`, kind: 'collab', organization_id: null, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    const started = performance.now();
    const read = readIdentifierFile(new TextEncoder().encode(`email\r\n${emails.join('\r\n')}\r\n`));
    if (!read.ok) throw new Error(read.reason);
    const parseS = (performance.now() - started) / 1000;
    const fields = { group_id: String(groupId), identifiers: JSON.stringify(read.values) };
    const verify = await timedPost<VerifyFileReply>(client, '/user/verify_file_data/', fields);
    const add = await timedPost<AddUsersReply>(client, '/user/add_users_to_groups/', fields);
    if (add.reply.validDataPoints.length !== USERS)
      throw new Error(`added ${add.reply.validDataPoints.length} of ${USERS}`);
    const uploadS = (verify.ms + add.ms) / 1000;
    lines.push(
      `${engine} group bulk upload, ${n(USERS)} users by email of ${n(total)}: verify ${(verify.ms / 1000).toFixed(2)} s + add ${(add.ms / 1000).toFixed(2)} s ` +
        `= ${uploadS.toFixed(2)} s (target ≤ ${UPLOAD_TARGET_S} s) ${verdict(uploadS <= UPLOAD_TARGET_S)}; the file's reading ${parseS.toFixed(2)} s besides`,
    );
    const members = await timedPost<unknown>(client, '/user/groups_v2/members/', { group_id: String(groupId) });
    lines.push(`${engine} the group's ${n(USERS)} members listed in ${members.ms.toFixed(0)} ms`);

    const forms = await searchForms(client, db);
    const times: number[] = [];
    for (let i = 0; i < SEARCHES; i++)
      times.push((await timedPost<GroupSearchReply>(client, '/user/groups_v2/search/', forms[i % forms.length]!)).ms);
    const { p50, p95 } = summary(times);
    lines.push(
      `${engine} group search at ${n(groups)} groups (word, pair, rare, organization, page 20): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(target p95 ≤ ${SEARCH_TARGET_MS} ms) ${verdict(p95 <= SEARCH_TARGET_MS)}`,
    );
  } finally {
    try {
      if (groupId !== null) {
        await db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
        await db.deleteFrom('user_groups').where('id', '=', groupId).execute();
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

export function benchGroupsV2(): Promise<string[]> {
  return onBothEngines((engine) => benchGroupsV2On(engine));
}
