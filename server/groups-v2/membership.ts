// Bulk membership of Group ManagementV2 (spec §3 "Validated file data"; decision 049): a file's
// identifiers are judged against one group — no such user, a user of another organization than
// the group's, already a member, a repeat — and the valid ones added in one transaction with one
// audit row on the group and one on each user added (so each History shows it). Inserts are
// set-based (INSERT … SELECT … ON CONFLICT DO NOTHING, per batch of ids), so two uploads into one
// group at once lose nothing and add nobody twice.
import { sql, type Kysely, type Transaction } from 'kysely';
import { writeAuditMany } from '../audit';
import { auditMemberships } from '../groups/membership-audit';
import { withRowLock } from '../db/row-lock';
import type { Database } from '../db/schema';
import { UPLOAD_REASONS, type GroupItem, type InvalidDataPoint, type ValidDataPoint } from '../../src/domain/groups-v2';
import { chunks, LOOKUP_BATCH, oneOf } from '../db/value-lists';
import { resolveIdentifiers } from '../users/selection';
import { findGroup, memberCount } from './search';

type Db = Kysely<Database> | Transaction<Database>;

export interface Verdict {
  valid: ValidDataPoint[];
  invalid: InvalidDataPoint[];
}

/** The file's identifiers against the group, in the order given. */
export async function judgeIdentifiers(
  db: Db,
  group: Pick<GroupItem, 'id' | 'organization_id'>,
  identifiers: readonly string[],
): Promise<Verdict> {
  const { matched, unmatched } = await resolveIdentifiers(db, identifiers);
  const nobody = new Set(unmatched.map((u) => u.toLowerCase()));
  const userOf = new Map(matched.map((m) => [m.identifier.toLowerCase(), m]));
  const ids = matched.map((m) => m.id);
  const orgOf = new Map<number, { id: number | null; name: string | null }>();
  const members = new Set<number>();
  for (const batch of chunks(ids, LOOKUP_BATCH)) {
    const users = await db
      .selectFrom('users as u')
      .leftJoin('organizations as o', 'o.id', 'u.organization_id')
      .select(['u.id', 'u.organization_id', 'o.name'])
      .where(oneOf(db, sql.ref('u.id'), batch, 'bigint'))
      .execute();
    for (const u of users)
      orgOf.set(Number(u.id), {
        id: u.organization_id === null ? null : Number(u.organization_id),
        name: u.name ?? null,
      });
    const rows = await db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', group.id)
      .where(oneOf(db, sql.ref('user_id'), batch, 'bigint'))
      .execute();
    for (const r of rows) members.add(Number(r.user_id));
  }
  const valid: ValidDataPoint[] = [];
  const invalid: InvalidDataPoint[] = [];
  const seen = new Set<string>();
  for (const raw of identifiers) {
    const identifier = raw.trim();
    const key = identifier.toLowerCase();
    if (identifier === '') continue;
    if (seen.has(key)) {
      invalid.push({ identifier, reason: UPLOAD_REASONS.sameUser });
      continue;
    }
    seen.add(key);
    const user = userOf.get(key);
    if (!user) {
      // resolveIdentifiers lists a user once: an identifier neither matched nor unmatched named a user named before.
      invalid.push({ identifier, reason: nobody.has(key) ? UPLOAD_REASONS.noSuchUser : UPLOAD_REASONS.sameUser });
      continue;
    }
    const org = orgOf.get(user.id);
    if (group.organization_id !== null && org?.id !== group.organization_id) {
      invalid.push({ identifier, reason: UPLOAD_REASONS.otherOrganization(org?.name ?? 'none') });
    } else if (members.has(user.id)) {
      invalid.push({ identifier, reason: UPLOAD_REASONS.alreadyMember });
    } else {
      valid.push({ identifier, user_id: user.id, username: user.username, email: user.email });
    }
  }
  return { valid, invalid };
}

/** Runs of consecutive ids, so an audit row names 10,000 added users in a few hundred bytes. */
export function idRanges(ids: readonly number[]): Array<[number, number]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const id of sorted) {
    const last = runs.at(-1);
    if (last && id === last[1] + 1) last[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}

export type AddOutcome =
  { ok: true; verdict: Verdict; previous: number; current: number } | { ok: false; missingGroup: true };

/**
 * Judges the identifiers again inside the transaction and adds the valid users. The group's row
 * is locked (PostgreSQL FOR UPDATE; on SQLite the one writer runs transactions one after the
 * other), so the counts before and after are this upload's; ON CONFLICT keeps the inserts safe
 * whatever else writes the group.
 */
export async function addMembers(
  db: Kysely<Database>,
  groupId: number,
  identifiers: readonly string[],
  author: string,
  now: number,
): Promise<AddOutcome> {
  return db.transaction().execute(async (trx) => {
    if (
      !(await withRowLock(trx, trx.selectFrom('user_groups').select('id').where('id', '=', groupId)).executeTakeFirst())
    )
      return { ok: false as const, missingGroup: true as const };
    const group = (await findGroup(trx, groupId))!;
    const previous = group.members;
    const judged = await judgeIdentifiers(trx, group, identifiers);
    const added = new Set<number>();
    for (const batch of chunks(
      judged.valid.map((v) => v.user_id),
      LOOKUP_BATCH,
    )) {
      const rows = await trx
        .insertInto('group_members')
        .columns(['group_id', 'user_id'])
        .expression((eb) =>
          eb
            .selectFrom('users')
            .select([sql<number>`${groupId}`.as('group_id'), 'id'])
            .where(oneOf(trx, sql.ref('id'), batch, 'bigint')),
        )
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .returning('user_id')
        .execute();
      for (const r of rows) added.add(Number(r.user_id));
    }
    const valid = judged.valid.filter((v) => added.has(v.user_id));
    const late = judged.valid
      .filter((v) => !added.has(v.user_id))
      .map((v) => ({ identifier: v.identifier, reason: UPLOAD_REASONS.alreadyMember }));
    const current = await memberCount(trx, groupId);
    if (added.size > 0) await touchGroup(trx, groupId, author, now);
    await writeAuditMany(trx, [
      {
        category: 'group',
        author,
        action: `members added: ${valid.length} to group #${groupId} ${group.name} (bulk upload)`,
        origin: 'bulk_upload',
        at: now,
        success: true,
        previous: { group_id: groupId, members: previous },
        current: {
          group_id: groupId,
          members: current,
          added: valid.length,
          not_added: judged.invalid.length + late.length,
          added_user_id_ranges: idRanges([...added]),
        },
        record: { kind: 'group', id: groupId },
      },
    ]);
    await auditMemberships(
      trx,
      { id: groupId, name: group.name },
      [...added].sort((x, y) => x - y),
      'added',
      { author, now, origin: 'bulk_upload' },
    );
    return { ok: true as const, verdict: { valid, invalid: [...judged.invalid, ...late] }, previous, current };
  });
}

/** A member change is a change of the group: its version moves, so an open Group Management screen is told (decision 048). */
async function touchGroup(trx: Transaction<Database>, groupId: number, author: string, now: number): Promise<void> {
  await trx
    .updateTable('user_groups')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now, updated_by: author }))
    .where('id', '=', groupId)
    .execute();
}

export type RemoveOutcome = { ok: true; members: number } | { ok: false; reason: 'group' | 'member' };

/** One user out of one group, with its audit row. */
export async function removeMember(
  db: Kysely<Database>,
  groupId: number,
  userId: number,
  author: string,
  now: number,
): Promise<RemoveOutcome> {
  return db.transaction().execute(async (trx) => {
    const group = await withRowLock(
      trx,
      trx.selectFrom('user_groups').select(['id', 'name']).where('id', '=', groupId),
    ).executeTakeFirst();
    if (!group) return { ok: false as const, reason: 'group' as const };
    const previous = await memberCount(trx, groupId);
    const gone = await trx
      .deleteFrom('group_members')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .returning('user_id')
      .execute();
    if (gone.length === 0) return { ok: false as const, reason: 'member' as const };
    await touchGroup(trx, groupId, author, now);
    await writeAuditMany(trx, [
      {
        category: 'group',
        author,
        action: `member removed: user #${userId} from group #${groupId} ${group.name}`,
        at: now,
        success: true,
        previous: { group_id: groupId, members: previous },
        current: { group_id: groupId, members: previous - 1, removed_user_id: userId },
        record: { kind: 'group', id: groupId },
      },
    ]);
    await auditMemberships(trx, { id: groupId, name: group.name }, [userId], 'removed', { author, now });
    return { ok: true as const, members: previous - 1 };
  });
}
