import type { SnapshotFrom } from 'xstate';
import type { BulkSelection } from '../../domain/users';
import { isPageSelected, queryProblem, selectedCount, type userListMachine } from './user-list.machine';
import { filterOf } from './user-list.search';

type S = SnapshotFrom<typeof userListMachine>;

export const selectSearch = (s: S) => s.context.search;
export const selectDraft = (s: S) => s.context.draft;
/** Why the typed text is not searched (too long), shown at the box; null when it is fine. */
export const selectQueryProblem = (s: S) => queryProblem(s.context.draft);
/** Why the list is not on the page the URL named. */
export const selectNotice = (s: S) => s.context.notice;
export const selectRows = (s: S) => s.context.rows;
/** A load is under way (or the debounce before one): the table stays, dimmed. */
export const selectBusy = (s: S) => s.hasTag('busy');
/** Nothing has arrived yet: the table shows placeholder rows of the page's height. */
export const selectFirstLoad = (s: S) => s.hasTag('busy') && s.context.rows.length === 0 && s.context.total === null;
export const selectEmpty = (s: S) => s.matches('empty');
export const selectError = (s: S) => (s.matches('failed') ? s.context.error : null);
export const selectTotal = (s: S) => s.context.total;
/** "21–40" of the page on screen, or null with no rows. */
export const selectRange = (s: S) => {
  const { rows, page, search } = s.context;
  if (rows.length === 0) return null;
  const first = page * search.page_size + 1;
  return { first, last: first + rows.length - 1 };
};
export const selectHasNext = (s: S) => s.can({ type: 'page.next' });
export const selectHasPrev = (s: S) => s.can({ type: 'page.prev' });
export const selectHasLast = (s: S) => s.can({ type: 'page.last' });
export const selectIsSelected = (id: number) => (s: S) =>
  s.context.selection.by === 'all' || s.context.selection.ids.includes(id);
export const selectPageSelected = (s: S) => isPageSelected(s.context);
/** Some but not all of the page: the header checkbox shows a dash. */
export const selectPagePartly = (s: S) =>
  !isPageSelected(s.context) &&
  s.context.selection.by === 'ids' &&
  s.context.rows.some((r) => (s.context.selection as { ids: number[] }).ids.includes(r.id));
export const selectAllMatching = (s: S) => s.context.selection.by === 'all';
export const selectSelectedCount = (s: S) => selectedCount(s.context);
export const selectOfferAll = (s: S) => s.can({ type: 'all.select' });
export const selectBulkOpen = (s: S) => s.matches('bulkEditing');
export const selectMayBulkEdit = (s: S) => s.can({ type: 'bulk.open' });
/** What the bulk edit dialog edits: the ticked users, or everyone the filter matches. */
export const selectBulkSelection = (s: S): BulkSelection =>
  s.context.selection.by === 'all'
    ? { by: 'filter', filter: filterOf(s.context.search) }
    : { by: 'ids', ids: s.context.selection.ids };
