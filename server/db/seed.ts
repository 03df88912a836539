// Demo data for a first start on an empty database: organizations, a few hundred managed users
// with the field values of spec §3, roles, and the staff accounts `admin`, `support` and `analyst`.
// Values come from a seeded generator, so every fresh database looks the same (staff passwords
// excepted: those are random and shown once).
import { seedUserContent } from './seed-content';
import { seedNotebook } from './seed-notebook';
import type { Kysely } from 'kysely';
import { FEATURE_KEYS, OTHER_FEATURE_KEYS } from '../../src/domain/features';
import { writeAudit } from '../audit';
import { hashPassword, randomPassword } from '../auth/passwords';
import type { ServerConfig } from '../config';
import { BETA_FLAGS, defaultFlags } from '../../src/domain/user-fields';
import { dateToTimestamp, expiryDefault, todayOf } from '../../src/domain/user-rules';
import { NO_USER_FILTER } from '../../src/domain/users';
import type { Database, NewUser } from './schema';
import { staffAccountColumns } from '../staff';
import { seedAccountSettings } from './seed-accounts';
import { seedBrokers } from './seed-brokers';
import { seedBrokerResearch } from './seed-broker-research';
import { seedGroups } from './seed-groups';
import { seedPlatformGroups } from './seed-groups-v2';
import { seedTemplates } from './seed-templates';
import { seedSkus } from './seed-skus';
import { seedInviteRequests } from '../invite-requests/seed';
import { seedReports } from '../reports/seed';
import { seedAuditLog } from '../audit-log/seed';

const DAY = 24 * 60 * 60 * 1000;
export const MANAGED_USER_COUNT = 320;
/** Stable across server types, so linked sign-in finds the same person on each. */
export const STAFF_EMAIL_DOMAIN = 'staff-console.local';

export const SEED_ROLES: Record<string, readonly string[]> = {
  'Super Admin': [...FEATURE_KEYS, ...OTHER_FEATURE_KEYS],
  Support: ['admin_panel_access', 'user_mgmt', 'create_user_tab'],
  'Account Manager': [
    'admin_panel_access',
    'user_mgmt',
    'create_user_tab',
    'edit_user',
    'expiry_update',
    'active_update',
    'account_settings_tab',
    'template_settings_tab',
    'export_csv_access',
  ],
  'Research Operations': [
    'admin_panel_access',
    'br_research',
    'restrict_broker_access',
    'tr_src_toggle',
    'tri_submittor',
  ],
  // Reviews the panel's workflows (/workflows) and nothing else.
  Analyst: ['admin_panel_access', 'workflows_tab'],
  // Role Management's realistic examples (decision 050).
  'Broker research desk': [
    'admin_panel_access',
    'br_research',
    'tr_src_toggle',
    'br_user_email_change',
    'restrict_broker_access',
  ],
  'Data team': [
    'admin_panel_access',
    'user_mgmt',
    'data_team_tab',
    'analytics_tab',
    'depth_analytics',
    'segmentio_tab',
    'export_csv_access',
    'redshift_configuration_access',
  ],
  'Read-only auditor': ['admin_panel_access', 'user_mgmt', 'deleted_user', 'reports_dashboard_tab', 'audit_log_tab'],
};

/** One line on what each seeded role is for (Role Management shows it). */
export const SEED_ROLE_DESCRIPTIONS: Record<string, string> = {
  'Super Admin': 'Every permission of the panel.',
  Support: 'Answers customers: finds users and creates accounts.',
  'Account Manager': 'Looks after customer accounts, their users and settings.',
  'Research Operations': 'Runs broker research flags and broker restrictions.',
  Analyst: 'Reviews the panel’s workflows.',
  'Broker research desk': 'Keeps broker research and broker access up to date.',
  'Data team': 'Reads usage analytics and exports user data.',
  'Read-only auditor': 'Looks at users, deleted ones included, reports and the audit log; changes nothing.',
};

/** The staff accounts of a fresh database: who they are and the role they hold. */
const SEED_STAFF = {
  admin: {
    first: 'Ada',
    last: 'Admin',
    jobTitle: 'Administrator',
    role: 'Super Admin',
    accountAdmin: true,
    everyServerType: true,
  },
  support: {
    first: 'Sam',
    last: 'Support',
    jobTitle: 'Support Specialist',
    role: 'Support',
    accountAdmin: false,
    everyServerType: false,
  },
  analyst: {
    first: 'Ana',
    last: 'Lyst',
    jobTitle: 'Workflow Analyst',
    role: 'Analyst',
    accountAdmin: false,
    everyServerType: false,
  },
} as const;

const ORGANIZATIONS = [
  'Northwind Capital',
  'Blue Harbor Asset Management',
  'Granite Peak Partners',
  'Meridian Equity Research',
  'Silverline Investments',
  'Crescent Bay Advisors',
  'Oakmont Securities',
  'Redwood Global Markets',
  'Ironbridge Holdings',
  'Lakeshore Pension Fund',
  'Summit Ridge Capital',
  'Atlas Financial Press',
];
const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Lucas',
  'Isabella',
  'Mateo',
  'Mia',
  'Levi',
  'Amelia',
  'Ethan',
  'Harper',
  'James',
  'Aria',
  'Benjamin',
  'Chloe',
  'Henry',
  'Priya',
  'Arjun',
  'Mei',
  'Kenji',
  'Fatima',
  'Omar',
  'Ingrid',
  'Lars',
  'Chiara',
  'Diego',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Patel',
  'Nakamura',
  'Chen',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Larsen',
  'Haddad',
  'Silva',
  'Kowalski',
];
const ROLES = [
  'Analyst',
  'Portfolio Manager',
  'Research Associate',
  'Investor Relations',
  'Trader',
  'Economist',
  'Journalist',
  'CFO',
];
const USER_TYPE_WEIGHTS: [string, number][] = [
  ['customer', 45],
  ['trial', 25],
  ['test_user', 8],
  ['journalist', 7],
  ['grace_customer', 8],
  ['churn_customer', 7],
];
const SUBSCRIPTIONS: Record<string, string> = {
  customer: 'PURCHASE',
  trial: 'TRIAL',
  grace_customer: 'TRIAL_EXTENDED',
  churn_customer: 'CANCELLED',
};
const TAG_GROUPS = [
  { name: 'Coverage', color: '#1E3A8A', description: 'Which desk looks after the account' },
  { name: 'Lifecycle', color: '#15803D', description: 'Where the customer is in their journey' },
];
const TAGS = [
  { name: 'Americas desk', color: '#3B82F6', group: 'Coverage', description: 'Covered by the New York team' },
  { name: 'EMEA desk', color: '#8B5CF6', group: 'Coverage', description: 'Covered by the London team' },
  { name: 'APAC desk', color: '#F59E0B', group: 'Coverage', description: 'Covered by the Singapore team' },
  { name: 'Renewal due', color: '#DC2626', group: 'Lifecycle', description: 'Subscription renews within 60 days' },
  { name: 'Onboarding', color: '#FACC15', group: 'Lifecycle', description: 'First 30 days on the platform' },
  { name: 'VIP', color: '#C0C0C0', group: null, description: 'Escalate every request' },
];

/** mulberry32: small, fast, and the same sequence on every machine (the bench data uses it too). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function managedUsers(product: string, orgIds: number[], now: number): NewUser[] {
  const rand = seededRandom(20_261_121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const weighted = (pairs: [string, number][]): string => {
    let n = rand() * pairs.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of pairs) if ((n -= w) < 0) return value;
    return pairs[0]![0];
  };
  const users: NewUser[] = [];
  for (let i = 1; i <= MANAGED_USER_COUNT; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const orgIndex = Math.floor(rand() * orgIds.length);
    const domain = ORGANIZATIONS[orgIndex]!.toLowerCase().replace(/[^a-z]+/g, '') + '.example';
    const userType = weighted(USER_TYPE_WEIGHTS);
    const category = weighted([
      ['general', 80],
      ['ir', 12],
      ['workiva', 8],
    ]);
    // §5: IR and Workiva users may not hold the data plans; shareholder data needs a data plan.
    const plan =
      category === 'general'
        ? pick([
            [],
            [`${product}_data`],
            [`${product}_alt_data`],
            [`${product}_data`, 'shareholder_data'],
            [`${product}_alt_data`, 'rns'],
            ['lexis_nexis'],
          ])
        : pick([[], ['rns'], ['lexis_nexis']]);
    const flags = {
      ...defaultFlags(product),
      ...Object.fromEntries(BETA_FLAGS.map((f) => [f, rand() < 0.2])),
      researchreports: rand() < 0.3,
    };
    const createdAt = now - Math.floor(rand() * 700) * DAY;
    const phone =
      rand() < 0.7
        ? `${200 + Math.floor(rand() * 800)}-555-${String(Math.floor(rand() * 10_000)).padStart(4, '0')}`
        : null;
    users.push({
      username: `${first}.${last}${i}`.toLowerCase(),
      email: `${first}.${last}.${i}@${domain}`.toLowerCase(),
      first_name: first,
      last_name: last,
      organization_id: orgIds[orgIndex]!,
      user_type: userType,
      user_category: category,
      user_role: pick(ROLES),
      owner: pick(['admin', 'support']),
      product_configuration: pick([`${product}_basic`, `${product}_basic`, `${product}_res`, `${product}_res_prof`]),
      data_plan: JSON.stringify(plan),
      expiry_dt: dateToTimestamp(expiryDefault(userType, todayOf(new Date(createdAt), 'utc'))),
      phone,
      subscription_status: SUBSCRIPTIONS[userType] ?? null,
      startup_screen: pick(['docsearch', 'docsearch', 'stream', 'company', 'notebook']),
      active: rand() < 0.9 ? 1 : 0,
      deleted: rand() < 0.03 ? 1 : 0,
      is_account_admin: rand() < 0.08 ? 1 : 0,
      allowed_st: '[]',
      flags: JSON.stringify(flags),
      password_hash: null,
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
  return users;
}

/** A few tags and tag groups, each tag on a handful of users. */
async function seedTags(trx: Kysely<Database>, userIds: number[], now: number): Promise<void> {
  const groupIds: Record<string, number> = {};
  for (const g of TAG_GROUPS) {
    groupIds[g.name] = (
      await trx
        .insertInto('tags')
        .values({ ...g, parent_id: null, icon: null, is_group: 1, created_by: 'system', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  for (const [i, t] of TAGS.entries()) {
    const tagId = (
      await trx
        .insertInto('tags')
        .values({
          name: t.name,
          color: t.color,
          description: t.description,
          parent_id: t.group ? groupIds[t.group]! : null,
          icon: null,
          is_group: 0,
          created_by: 'system',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const tagged = userIds.filter((_, n) => n % (7 + i * 3) === i);
    if (tagged.length)
      await trx
        .insertInto('user_tags')
        .values(tagged.map((user_id) => ({ user_id, tag_id: tagId })))
        .execute();
  }
}

/** A few saved list queries (decision 046) on the Segments tab. */
async function seedSegments(trx: Kysely<Database>, now: number): Promise<void> {
  const plain = {
    ...NO_USER_FILTER,
    sort: 'id',
    dir: 'desc',
    org_name: '',
  };
  await trx
    .insertInto('segments')
    .values(
      SEED_SEGMENTS.map((s) => ({
        name: s.name,
        description: s.description,
        query: JSON.stringify({ ...plain, ...s.query }),
        created_by: 'system',
        updated_by: 'system',
        created_at: now,
        updated_at: now,
        version: 1,
      })),
    )
    .execute();
}

const SEED_SEGMENTS = [
  {
    name: 'Trial users expiring',
    description: 'Active trial users, soonest expiry first',
    query: { user_type: 'trial', active: 'true', sort: 'expiry', dir: 'asc' },
  },
  { name: 'Journalists', description: 'Every journalist account', query: { user_type: 'journalist' } },
  {
    name: 'IR contacts',
    description: 'Investor-relations users',
    query: { user_category: 'ir', sort: 'name', dir: 'asc' },
  },
];

export interface SeededStaff {
  username: keyof typeof SEED_STAFF;
  password: string;
}

/**
 * Fills an empty database; answers the staff passwords, or null when there was something already
 * (another instance may have seeded it first). In production, never: a production database starts
 * with nothing but its migrations, and its first administrator comes from `npm run admin:create`
 * (decision 068), so no demo person, demo password or demo customer ever reaches it.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  config: ServerConfig,
  now: number,
): Promise<SeededStaff[] | null> {
  if (config.appEnv === 'production') return null;
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const staff: SeededStaff[] = (Object.keys(SEED_STAFF) as SeededStaff['username'][]).map((username) => ({
    username,
    password: randomPassword(),
  }));
  const hashes = await Promise.all(staff.map((s) => hashPassword(s.password, config.scrypt)));
  try {
    await db.transaction().execute(async (trx) => {
      const orgIds: number[] = [];
      for (const [i, name] of ORGANIZATIONS.entries()) {
        const org = await trx
          .insertInto('organizations')
          .values({
            name,
            salesforce_id: `001${String(4_200_000 + i * 7919).padStart(12, '0')}`,
            sf_acc_id: `SF-${1000 + i}`,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        orgIds.push(org.id);
      }
      const roleIds: Record<string, number> = {};
      for (const [name, features] of Object.entries(SEED_ROLES)) {
        roleIds[name] = (
          await trx
            .insertInto('roles')
            .values({
              name,
              description: SEED_ROLE_DESCRIPTIONS[name] ?? '',
              features: JSON.stringify(features),
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      const staffOrg = (
        await trx
          .insertInto('organizations')
          .values({ name: 'Staff Console Staff', salesforce_id: null, sf_acc_id: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const allTypes = Object.keys(config.serverTypes);
      for (const [i, s] of staff.entries()) {
        const who = SEED_STAFF[s.username];
        const user = await trx
          .insertInto('users')
          .values({
            username: s.username,
            email: `${s.username}@${STAFF_EMAIL_DOMAIN}`,
            first_name: who.first,
            last_name: who.last,
            organization_id: staffOrg,
            ...staffAccountColumns(config.productKey),
            user_role: who.jobTitle,
            is_account_admin: who.accountAdmin ? 1 : 0,
            allowed_st: JSON.stringify(who.everyServerType ? allTypes : [config.serverType]),
            password_hash: hashes[i]!,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('user_roles').values({ user_id: user.id, role_id: roleIds[who.role]! }).execute();
      }
      const users = managedUsers(config.productKey, orgIds, now);
      const userIds: number[] = [];
      for (let i = 0; i < users.length; i += 100) {
        const rows = await trx
          .insertInto('users')
          .values(users.slice(i, i + 100))
          .returning('id')
          .execute();
        userIds.push(...rows.map((r) => r.id));
      }
      await seedTags(trx, userIds, now);
      await seedSegments(trx, now);
      await seedBrokers(trx, userIds, now, seededRandom(20_261_125));
      await seedBrokerResearch(
        trx,
        config.productKey,
        userIds.map((id, i) => ({ id, organization_id: users[i]!.organization_id ?? null })),
        now,
        seededRandom(20_261_127),
      );
      await seedGroups(trx, orgIds, now);
      await seedPlatformGroups(
        trx,
        orgIds,
        ORGANIZATIONS,
        userIds.map((id, i) => ({ id, organization_id: users[i]!.organization_id ?? null })),
        now,
        seededRandom(20_261_126),
      );
      await seedAccountSettings(trx, config, now);
      await seedRedshift(trx, now);
      // After the organizations, their groups and their settings: links a few to the templates.
      await seedTemplates(trx, config, orgIds, now);
      await seedSkus(trx, config, orgIds, now);
      await seedInviteRequests(trx, now);
      await seedUserContent(trx, userIds, now, seededRandom(20_261_128));
      await seedNotebook(trx, config, userIds, now);
      await seedReports(
        trx,
        userIds.map((id, i) => ({ id, organization_id: users[i]!.organization_id ?? null })),
        users.map((u) => u.username),
        now,
      );
      await seedAuditLog(
        trx,
        userIds.map((id, i) => ({ id, username: users[i]!.username })),
        now,
      );
      await writeAudit(trx, {
        category: 'user',
        author: 'system',
        action: 'demo data created',
        origin: 'server',
        at: now,
        current: { organizations: orgIds.length, users: users.length + staff.length },
        success: true,
      });
    });
  } catch (err) {
    // Another instance seeded between our check and our insert: its data stands.
    if (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst()) return null;
    throw err;
  }
  return staff;
}

/** A Redshift configuration as an administrator left it (decision 054): the user script on, ignoring the product. */
async function seedRedshift(trx: Kysely<Database>, now: number): Promise<void> {
  const admin = await trx.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  await trx
    .updateTable('redshift_configuration')
    .set({
      user_script: 1,
      account_script: 0,
      ignore_expire_time: 0,
      ignore_product: 1,
      ignore_user_type: 0,
      updated_by: admin.id,
      updated_at: now,
    })
    .where('id', '=', 1)
    .execute();
}
