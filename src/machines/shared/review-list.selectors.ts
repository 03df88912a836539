// What the view of a reviewed list reads from its machine at once (invite requests, research
// submissions): a page of rows read by status and search, each row acted on from the version it
// was read at, a row someone else acted on first marked with who did. One view, compared shallowly
// by the screen (`useSelector(selectReviewList, shallowEqual)`), instead of a selector a field.
import type { Notice } from './notice';

/** What such a list keeps in its machine's context. */
export interface ReviewListContext<I, Q> {
  items: I[];
  /** The next page's cursor as text; null on the last page. */
  next: string | null;
  query: Q;
  notice: Notice | null;
  /** Rows someone else acted on first: what they did, by row id. */
  conflicts: Record<number, string>;
  error: string | null;
}

/** The part of a snapshot the view reads: its `loading` and `failed` states and its `busy` tag. */
export interface ReviewListSnapshot<C> {
  matches(state: 'loading' | 'failed'): boolean;
  hasTag(tag: 'busy'): boolean;
  context: C;
}

export const reviewListView = <I, Q>(s: ReviewListSnapshot<ReviewListContext<I, Q>>) => ({
  loading: s.matches('loading'),
  failed: s.matches('failed'),
  busy: s.hasTag('busy'),
  error: s.context.error,
  items: s.context.items,
  next: s.context.next,
  query: s.context.query,
  notice: s.context.notice,
  conflicts: s.context.conflicts,
});
