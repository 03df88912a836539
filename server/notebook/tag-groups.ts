// Every tag group with the tags inside it, and the tags in none (decision 065), from the same
// reading of tags as the tag selector (server/users/tags.ts).
import type { Kysely } from 'kysely';
import type { Tag } from '../../src/domain/tags';
import type { Database } from '../db/schema';
import { listTags } from '../users/tags';

export async function tagGroups(
  db: Kysely<Database>,
): Promise<{ groups: { group: Tag; tags: Tag[] }[]; ungrouped: Tag[] }> {
  const { tags, groups } = await listTags(db);
  const byGroup = new Map<number, Tag[]>(groups.map((g) => [g.id, []]));
  const ungrouped: Tag[] = [];
  for (const tag of tags) {
    const inside = tag.group === null ? undefined : byGroup.get(tag.group);
    if (inside) inside.push(tag);
    else ungrouped.push(tag);
  }
  return { groups: groups.map((group) => ({ group, tags: byGroup.get(group.id)! })), ungrouped };
}
