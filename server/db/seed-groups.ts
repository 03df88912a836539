// Demo groups (decision 048): on most organizations a few groups of every kind with members from
// the organization's live users, AutoShare and compliance switches on some; a few users stay in no
// group, and one organization has none at all.
import type { Kysely } from 'kysely';
import type { GroupKind } from '../../src/domain/groups';
import type { Database } from './schema';

const GROUPS: { name: string; kind: GroupKind; autoshare?: boolean; restrict?: boolean }[] = [
  { name: 'Research Team', kind: 'general', autoshare: true },
  { name: 'Thesis Writers', kind: 'thesis' },
  { name: 'Collab Desk', kind: 'collab', autoshare: true },
  { name: 'Security Master', kind: 'sec_master', restrict: true },
  { name: 'Portfolio Managers', kind: 'general' },
];

export async function seedGroups(trx: Kysely<Database>, orgIds: readonly number[], now: number): Promise<void> {
  for (const [i, orgId] of orgIds.entries()) {
    // The last organization has no groups: its users are all in none.
    if (i === orgIds.length - 1) continue;
    const users = (
      await trx
        .selectFrom('users')
        .select('id')
        .where('organization_id', '=', orgId)
        .where('deleted', '=', 0)
        .orderBy('id')
        .execute()
    ).map((u) => u.id);
    // Every organization gets the first two; the others by turn, so each kind is on many.
    const chosen = GROUPS.filter((_, g) => g < 2 || (g + i) % 3 !== 0);
    for (const [g, spec] of chosen.entries()) {
      const group = await trx
        .insertInto('user_groups')
        .values({
          name: spec.name,
          kind: spec.kind,
          organization_id: orgId,
          created_at: now,
          updated_at: now,
          updated_by: 'system',
          version: 1,
          autoshare: spec.autoshare && i % 2 === 0 ? 1 : 0,
          thesis: spec.kind === 'thesis' ? 1 : 0,
          collab: spec.kind === 'collab' ? 1 : 0,
          sec_master: spec.kind === 'sec_master' ? 1 : 0,
          restrict_export: spec.restrict ? 1 : 0,
          restrict_upload: 0,
          restrict_annot: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Overlapping slices: some users in two groups, the last fifth in none.
      const members = users.filter((_, n) => n < users.length * 0.8 && (n + g) % (g + 2) === 0);
      if (members.length)
        await trx
          .insertInto('group_members')
          .values(members.map((user_id) => ({ group_id: group.id, user_id })))
          .execute();
    }
  }
}
