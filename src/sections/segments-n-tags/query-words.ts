// A segment's query in words, as the user list's filters would read it, and the list's URL for it.
import type { SegmentQuery } from '../../domain/segments';
import { categoryLabel, userTypeLabel } from '../../domain/user-labels';
import { SORT_LABELS } from '../../domain/user-kinds';

export function queryWords(query: SegmentQuery): string[] {
  const words: string[] = [];
  if (query.q) words.push(`Search “${query.q}”`);
  if (query.user_type) words.push(`Type: ${userTypeLabel(query.user_type)}`);
  if (query.user_category) words.push(`Category: ${categoryLabel(query.user_category)}`);
  if (query.organization_id !== '') words.push(`Organization: ${query.org_name || `#${query.organization_id}`}`);
  if (query.active) words.push(query.active === 'true' ? 'Active' : 'Inactive');
  if (words.length === 0) words.push('All users');
  if (query.sort !== 'id' || query.dir !== 'desc')
    words.push(`Sorted by ${SORT_LABELS[query.sort]}, ${query.dir === 'asc' ? 'ascending' : 'descending'}`);
  return words;
}

/** The user list's search for the query: what differs from the list's defaults. */
export function listSearchOf(query: SegmentQuery): Record<string, string | number> {
  const defaults: Record<string, string> = { sort: 'id', dir: 'desc', deleted: 'exclude' };
  return Object.fromEntries(Object.entries(query).filter(([k, value]) => value !== '' && value !== defaults[k]));
}
