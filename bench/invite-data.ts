// Invite Request Users' bench data (decision 064), added by `npm run seed:bench` and at the start
// of the invite bench to a database holding fewer: 100,000 requests over two years, named with
// the bench's first and last names (so the commonest first name is as common as among the users),
// an organization guess from the bench's organizations, statuses in the mix a busy queue holds.
// Emails are unique to the bench (…@invite.bench.example), so a bulk approval never meets a user's
// email. Inserted in batches; a database already holding them is left as it is.
import type { Kysely } from 'kysely';
import { searchTextOf } from '../server/invite-requests/records';
import type { Database, InviteRequestStatus } from '../server/db/schema';
import { FIRST_NAMES, LAST_NAMES } from './user-data';

export const BENCH_INVITES = 100_000;
export const BENCH_INVITE_DOMAIN = 'invite.bench.example';
const BATCH = 1_000;
const DAYS = 730;
const STATUSES: ReadonlyArray<[InviteRequestStatus, number]> = [
  ['new', 0.3],
  ['invited', 0.27],
  ['joined', 0.2],
  ['rejected', 0.2],
  ['approved', 0.03],
];

function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function ensureBenchInvites(
  db: Kysely<Database>,
  log: (line: string) => void = () => {},
): Promise<boolean> {
  const { n } = await db
    .selectFrom('invite_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email_key', 'like', `%@${BENCH_INVITE_DOMAIN}`)
    .executeTakeFirstOrThrow();
  if (Number(n) >= BENCH_INVITES) return false;
  const started = performance.now();
  log(`Adding ${BENCH_INVITES.toLocaleString('en-US')} invite requests…`);
  await db.deleteFrom('invite_requests').where('email_key', 'like', `%@${BENCH_INVITE_DOMAIN}`).execute();
  const orgs = (await db.selectFrom('organizations').select(['id', 'name']).orderBy('id').limit(5_000).execute()).map(
    (o) => ({ id: Number(o.id), name: o.name }),
  );
  const random = seededRandom(20_261_130);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  // Zipf-like: early names in the lists are drawn far more often, as among the bench's users.
  const ranked = <T>(xs: readonly T[]) => xs[Math.min(xs.length - 1, Math.floor(xs.length * random() ** 3))]!;
  const statusOf = () => {
    let x = random();
    for (const [s, share] of STATUSES) if ((x -= share) < 0) return s;
    return 'new';
  };
  const now = Date.now();
  for (let start = 0; start < BENCH_INVITES; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, BENCH_INVITES - start) }, (_, k) => {
      const i = start + k;
      const first = ranked(FIRST_NAMES);
      const last = ranked(LAST_NAMES);
      const email = `${first.toLowerCase()}.${last.toLowerCase()}.${i}@${BENCH_INVITE_DOMAIN}`;
      const org = orgs.length ? pick(orgs) : null;
      const guess = org && random() < 0.8 ? org.name : 'Independent';
      const status = statusOf();
      const at = now - Math.floor(random() * DAYS * 86_400_000);
      return {
        first_name: first,
        last_name: last,
        email,
        email_key: email,
        organization_guess: guess,
        organization_id: org && guess === org.name ? org.id : null,
        message: random() < 0.5 ? 'Please give me access to the research platform.' : '',
        search_text: searchTextOf({ first_name: first, last_name: last, email, organization_guess: guess }),
        status,
        created_at: at,
        decided_by: status === 'new' ? null : 'admin',
        decided_at: status === 'new' ? null : at + 86_400_000,
        reason: status === 'rejected' ? 'Not an organization we serve.' : null,
        user_id: null,
        invited_at: status === 'invited' || status === 'joined' ? at + 86_400_000 : null,
        invitations: status === 'invited' || status === 'joined' ? 1 : 0,
      };
    });
    await db.insertInto('invite_requests').values(rows).execute();
    if (start % 20_000 === 0 && start > 0) log(`  ${start.toLocaleString('en-US')} requests`);
  }
  log(
    `  ${BENCH_INVITES.toLocaleString('en-US')} invite requests in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return true;
}
