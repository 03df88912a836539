// The save checks that need the database (decision 065): template ids that name a library
// template of this deployment, product specialist templates only for a session that may read
// them, and tag ids that name tags rather than tag groups.
import type { Kysely, Transaction } from 'kysely';
import { NOTEBOOK_MESSAGES, type NotificationSetting } from '../../src/domain/notebook';
import { SPECIALIST_FEATURE, SPECIALIST_SOURCE, templateSources } from '../../src/domain/templates';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A refused save: the request field to blame and the words for it. */
export type Refusal = { field: string; msg: string };

/** Each id once, in the order first given. */
export const distinct = (ids: readonly number[]): number[] => [...new Set(ids)];

export function checkNotification(n: NotificationSetting): Refusal | null {
  return n.frequency !== 'off' && n.content_types.length === 0
    ? { field: 'content_types', msg: NOTEBOOK_MESSAGES.contentTypesNeeded }
    : null;
}

/**
 * Templates must be in this deployment's library. A product specialist template the user does not
 * already have needs the session's adv_settings; one they keep does not, so a session that cannot
 * see those templates can still change the others.
 */
export async function checkTemplates(
  db: Db,
  ids: readonly number[],
  kept: readonly number[],
  product: string,
  features: readonly string[],
): Promise<Refusal | null> {
  if (ids.length === 0) return null;
  const rows = await db
    .selectFrom('note_templates')
    .select(['id', 'source'])
    .where('id', 'in', [...ids])
    .where('source', 'in', templateSources(product))
    .execute();
  const found = new Map(rows.map((r) => [Number(r.id), r.source]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) return { field: 'template_ids', msg: NOTEBOOK_MESSAGES.unknownTemplates(unknown) };
  const added = ids.filter((id) => found.get(id) === SPECIALIST_SOURCE && !kept.includes(id));
  if (added.length > 0 && !features.includes(SPECIALIST_FEATURE))
    return { field: 'template_ids', msg: NOTEBOOK_MESSAGES.sourceNotAllowed };
  return null;
}

export async function checkTags(db: Db, ids: readonly number[]): Promise<Refusal | null> {
  if (ids.length === 0) return null;
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'is_group'])
    .where('id', 'in', [...ids])
    .execute();
  const found = new Map(rows.map((r) => [Number(r.id), r.is_group === 1]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) return { field: 'tag_ids', msg: NOTEBOOK_MESSAGES.unknownTags(unknown) };
  const groups = ids.filter((id) => found.get(id) === true);
  if (groups.length > 0) return { field: 'tag_ids', msg: NOTEBOOK_MESSAGES.groupNotTag(groups) };
  return null;
}
