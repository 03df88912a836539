// Tags for every member of a segment (Reset Tags / Add Tags): the members resolved as the list's
// "all matching" selection (at most SEGMENT_ASSIGN_MAX, else refused whole), then written through
// the one assignment path (users/tags.ts assignTags: one transaction with its audit rows).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { assignTags } from '../users/tags';
import { memberIds, usersChangedBy } from './members';
import { queryOf } from './store';

export type SegmentAssignment =
  | { ok: true; members: number; changed: number }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'tooMany'; limit: number };

export async function assignSegmentTags(
  db: Kysely<Database>,
  a: { segmentId: number; tagIds: number[]; mode: 'overwrite' | 'add'; author: string; now: number; limit?: number },
): Promise<SegmentAssignment> {
  const row = await db.selectFrom('segments').select('query').where('id', '=', a.segmentId).executeTakeFirst();
  if (!row) return { ok: false, reason: 'missing' };
  const members = await memberIds(db, queryOf(row), a.limit);
  if (!members.ok) return { ok: false, reason: 'tooMany', limit: members.limit };
  if (members.ids.length === 0) return { ok: true, members: 0, changed: 0 };
  const changed = await usersChangedBy(db, members.ids, a.tagIds, a.mode);
  // A segment's members are a bulk change: over AUDIT_PER_USER_MAX users, one summary row.
  await assignTags(db, {
    tagIds: a.tagIds,
    userIds: members.ids,
    mode: a.mode,
    bulkUpload: true,
    author: a.author,
    now: a.now,
  });
  return { ok: true, members: members.ids.length, changed };
}
