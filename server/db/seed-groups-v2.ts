// Demo groups for Group ManagementV2 (decision 049): per organization its thesis, collab and
// security master groups and a few coverage desks, and some groups of the whole platform, so the
// list has several pages and a search finds something. Members are the organization's own users
// (any user for a platform group); the last fifth of an organization's users stay in none of its
// groups. A few hundred rows, inserted set-wise: the seed stays fast.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

const ORG_GROUPS: [string, string][] = [
  ['thesis', 'Thesis'],
  ['collab', 'Collab'],
  ['sec_master', 'Security master'],
  ['collab', 'Energy coverage'],
  ['collab', 'Technology coverage'],
  ['collab', 'Healthcare coverage'],
  ['thesis', 'Macro views'],
  ['collab', 'Earnings season'],
];
const PLATFORM_GROUPS = [
  'All analysts',
  'Beta testers',
  'Conference attendees 2026',
  'ESG working group',
  'Fixed income readers',
  'Morning note readers',
  'New product pilot',
  'Power users',
  'Quant club',
  'Research council',
  'Small caps circle',
  'Support escalations',
];

/** A group of a kind is that kind's group: its switch is on (migration 015). */
const switchOf = (kind: string) =>
  ({
    thesis: kind === 'thesis' ? 1 : 0,
    collab: kind === 'collab' ? 1 : 0,
    sec_master: kind === 'sec_master' ? 1 : 0,
  }) as const;

/** Users by id with their organization, as the seed inserted them. */
export async function seedPlatformGroups(
  trx: Kysely<Database>,
  orgIds: readonly number[],
  orgNames: readonly string[],
  users: readonly { id: number; organization_id: number | null }[],
  now: number,
  rand: () => number,
): Promise<void> {
  const byOrg = new Map<number, number[]>();
  for (const u of users)
    if (u.organization_id !== null) byOrg.set(u.organization_id, [...(byOrg.get(u.organization_id) ?? []), u.id]);
  const groups = [
    ...orgIds.flatMap((orgId, i) =>
      ORG_GROUPS.map(([kind, label]) => ({
        name: `${orgNames[i]} ${label}`,
        kind,
        ...switchOf(kind),
        organization_id: orgId,
        created_at: now,
      })),
    ),
    ...PLATFORM_GROUPS.map((name) => ({
      name,
      kind: 'collab',
      ...switchOf('collab'),
      organization_id: null,
      created_at: now,
    })),
  ];
  const rows = await trx.insertInto('user_groups').values(groups).returning(['id', 'organization_id']).execute();
  const members: { group_id: number; user_id: number }[] = [];
  for (const g of rows) {
    const pool = g.organization_id === null ? users.map((u) => u.id) : (byOrg.get(Number(g.organization_id)) ?? []);
    const share = g.organization_id === null ? 0.15 : 0.5;
    // The last fifth of an organization's users stay out of its groups, as Group Management's seed
    // leaves them, so some users are in no group; rand() is still drawn for them, so every other
    // membership is as before.
    const reach = g.organization_id === null ? pool.length : pool.length * 0.8;
    for (const [n, id] of pool.entries())
      if (rand() < share && n < reach) members.push({ group_id: g.id, user_id: id });
  }
  for (let i = 0; i < members.length; i += 1_000)
    await trx
      .insertInto('group_members')
      .values(members.slice(i, i + 1_000))
      .execute();
}
