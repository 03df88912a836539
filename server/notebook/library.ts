// The note template library (spec §3 "Template sources"; decision 065), read by source.
import type { Kysely } from 'kysely';
import { NOTEBOOK_CONTENT_TYPES, type LibraryTemplate, type NotebookContentType } from '../../src/domain/notebook';
import type { Database } from '../db/schema';

export const EXCERPT_CHARS = 200;

/** The templates of these sources, by source then name. */
export async function libraryTemplates(db: Kysely<Database>, sources: readonly string[]): Promise<LibraryTemplate[]> {
  if (sources.length === 0) return [];
  const rows = await db
    .selectFrom('note_templates')
    .select(['id', 'source', 'name', 'content_type', 'body'])
    .where('source', 'in', [...sources])
    .orderBy('source')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const known: readonly string[] = NOTEBOOK_CONTENT_TYPES;
  return rows.map((r) => ({
    id: Number(r.id),
    source: r.source,
    name: r.name,
    // A content type the list does not know reads as a plain note rather than breaking the reply.
    content_type: known.includes(r.content_type) ? (r.content_type as NotebookContentType) : 'notebook',
    excerpt: r.body.slice(0, EXCERPT_CHARS),
  }));
}
