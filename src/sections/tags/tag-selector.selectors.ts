import type { SnapshotFrom } from 'xstate';
import type { Tag } from '../../domain/tags';
import { creatableName, type tagSelectorMachine } from './tag-selector.machine';

type S = SnapshotFrom<typeof tagSelectorMachine>;

/** Options listed under the box at most. */
export const MAX_MATCHES = 8;

export const selectLoading = (s: S) => s.matches('loading');
export const selectLoadFailed = (s: S) => s.matches('loadFailed');
export const selectReady = (s: S) => s.hasTag('ready');
export const selectError = (s: S) => s.context.error;
export const selectQuery = (s: S) => s.context.query;
export const selectGroups = (s: S) => s.context.groups;
export const selectSaveStatus = (s: S): 'saving' | 'saved' | 'failed' | null =>
  s.hasTag('saving') ? 'saving' : s.hasTag('saved') ? 'saved' : s.hasTag('failed') ? 'failed' : null;

/** The user's tags in the order chosen. */
export function selectChosenTags(s: S): Tag[] {
  const byId = new Map(s.context.tags.map((t) => [t.id, t]));
  return s.context.chosen.flatMap((id) => byId.get(id) ?? []);
}

/** Tags not chosen yet whose name holds the typed text; names starting with it first. */
export function selectMatches(s: S): Tag[] {
  const q = s.context.query.trim().toLowerCase();
  const chosen = new Set(s.context.chosen);
  const rank = (t: Tag) => (t.name.toLowerCase().startsWith(q) ? 0 : 1);
  return s.context.tags
    .filter((t) => !chosen.has(t.id) && t.name.toLowerCase().includes(q))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
    .slice(0, MAX_MATCHES);
}

/** The name "Create tag '…'" would create, or null when the typed text names a known tag. */
export const selectCreatableName = (s: S) => creatableName(s.context);

/** The name of the group a tag belongs to, for its label. */
export function groupName(groups: readonly Tag[], tag: Tag): string | null {
  return tag.group === null ? null : (groups.find((g) => g.id === tag.group)?.name ?? null);
}
