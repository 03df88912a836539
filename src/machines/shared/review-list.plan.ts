// What a reviewed list's walk (Invite Request Users, User Submission) does to the list itself,
// whatever its rows are: the same three presses in each plan.

/** The list's address with nothing chosen: every status, no search, the first page. */
export const NO_QUERY = { status: '', q: '', cursor: '' } as const;

/** Retry a failed read, the New status, the next page. */
export const REVIEW_LIST_EVENTS = [
  { type: 'list.retry' },
  { type: 'query.set', query: { ...NO_QUERY, status: 'new' } },
  { type: 'query.set', query: { ...NO_QUERY, cursor: 'next' } },
];
