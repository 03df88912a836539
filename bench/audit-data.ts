// The Audit Log's bench data (decision 062), added by `npm run seed:bench` and at the start of the
// audit bench to a database holding fewer: 1,000,000 entries over three years, oldest first, in
// the mix a console writes — user changes and sign-ins most, then groups, settings, broker
// research, and a configuration change now and then. Authors are staff drawn by rank (the
// busiest of 200 writes about one entry in ten, as a support lead or an import does); a sign-in's
// author is the username tried, its record that user. About one sign-in in four fails; other
// entries fail rarely. One transaction; a database already holding them is left as it is.
import type { Kysely } from 'kysely';
import type { AuditCategory } from '../src/domain/audit';
import type { Database } from '../server/db/schema';

export const BENCH_AUDIT_ENTRIES = 1_000_000;
/** The busiest staff author: a name of its own, so the bench finds it without counting. */
export const BUSIEST_AUDIT_AUTHOR = 'ops.lead@staff-console.bench';
const BATCH = 2_000;
const YEARS = 3;
const STAFF = 200;

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

/** Categories by share of the log. */
const MIX: ReadonlyArray<[AuditCategory, number]> = [
  ['user', 0.4],
  ['auth', 0.3],
  ['group', 0.08],
  ['account settings', 0.06],
  ['broker research', 0.06],
  ['template settings', 0.04],
  ['role', 0.03],
  ['sku configuration', 0.025],
  ['redshift configuration', 0.005],
];
const ACTIONS: Record<AuditCategory, readonly string[]> = {
  user: ['user changed', 'user created', 'welcome email', 'sessions ended', 'tags assigned'],
  auth: [
    'password rejected',
    'password accepted',
    'signed in',
    'signed out',
    'code step refused: wrong code',
    'account locked after repeated failures',
    'two-step sign-in activated',
  ],
  group: ['group created', 'group renamed', 'members added', 'members removed'],
  role: ['role changed', 'role given to', 'role taken from'],
  'account settings': ['account settings saved', 'account settings created'],
  'template settings': ['template changed', 'template applied'],
  'sku configuration': ['SKU assigned', 'SKU changed'],
  'redshift configuration': ['redshift configuration saved'],
  'broker research': ['research request approve', 'research request reject', 'fulfillment ended'],
};
const KIND: Partial<Record<AuditCategory, string>> = {
  user: 'user',
  auth: 'user',
  group: 'group',
  role: 'role',
  'account settings': 'account',
  'template settings': 'template',
  'sku configuration': 'sku',
  'broker research': 'research_request',
};

export async function ensureBenchAudit(db: Kysely<Database>, log: (line: string) => void = () => {}): Promise<boolean> {
  const { n } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author', '=', BUSIEST_AUDIT_AUTHOR)
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) return false;
  const started = performance.now();
  log(`Adding ${BENCH_AUDIT_ENTRIES.toLocaleString('en-US')} audit log entries…`);
  const users = (await db.selectFrom('users').select(['id', 'username']).orderBy('id').limit(200_000).execute()).map(
    (u) => ({ id: Number(u.id), username: u.username }),
  );
  if (users.length === 0) throw new Error('the bench database has no users to write audit entries about');
  const staff = [
    BUSIEST_AUDIT_AUTHOR,
    ...Array.from({ length: STAFF - 1 }, (_, i) => `staff${i + 1}@staff-console.bench`),
  ];
  // Rank r is drawn about 1 / (r + 1) as often: the first is about one in six of staff entries.
  const weights = staff.map((_, r) => 1 / (r + 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const rand = seededRandom(20_261_128);
  const pickStaff = () => {
    let x = rand() * totalWeight;
    for (let r = 0; r < staff.length; r++) if ((x -= weights[r]!) <= 0) return staff[r]!;
    return staff.at(-1)!;
  };
  const pickCategory = () => {
    let x = rand();
    for (const [c, share] of MIX) if ((x -= share) <= 0) return c;
    return 'user' as AuditCategory;
  };
  const end = Date.now();
  const span = YEARS * 365 * 86_400_000;
  const start = end - span;
  await db.transaction().execute(async (trx) => {
    for (let done = 0; done < BENCH_AUDIT_ENTRIES; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, BENCH_AUDIT_ENTRIES - done) }, (_, i) => {
        const k = done + i;
        const category = pickCategory();
        const actions = ACTIONS[category];
        const action = actions[Math.floor(rand() * actions.length)]!;
        const user = users[Math.floor(rand() ** 2 * users.length)]!;
        const kind = KIND[category] ?? null;
        const recordId = kind === 'user' ? user.id : kind === null ? null : 1 + Math.floor(rand() * 5_000);
        const failed = category === 'auth' ? rand() < 0.25 : rand() < 0.01;
        const changed = category === 'user' && action === 'user changed';
        return {
          category,
          author: category === 'auth' ? user.username : pickStaff(),
          action: kind === 'user' && category !== 'auth' ? `${action}: ${user.username} (#${user.id})` : action,
          origin: 'adminpanel',
          source: 'server' as const,
          created_at: Math.floor(start + (span * k) / BENCH_AUDIT_ENTRIES),
          previous_data: changed ? JSON.stringify({ first_name: 'Ada', user_type: 'trial' }) : null,
          current_data: changed ? JSON.stringify({ first_name: 'Grace', user_type: 'customer' }) : null,
          success: (failed ? 0 : 1) as 0 | 1,
          record_kind: kind,
          record_id: recordId,
        };
      });
      await trx.insertInto('audit_log').values(rows).execute();
      if ((done + BATCH) % 200_000 === 0) log(`  ${(done + BATCH).toLocaleString('en-US')} entries`);
    }
  });
  log(`  audit log added in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return true;
}
