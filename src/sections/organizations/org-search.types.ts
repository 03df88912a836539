import type { Organization } from '../../domain/users';

export interface OrgSearchContext {
  /** What the person typed. */
  query: string;
  /** Matches of the last search, best first. */
  results: Organization[];
  /** Index of the result the arrow keys point at; Enter chooses it. */
  highlighted: number;
  error: string | null;
}

export type OrgSearchEvent =
  | { type: 'query.change'; query: string }
  | { type: 'highlight.next' }
  | { type: 'highlight.prev' }
  /** A result was chosen (click or Enter); the picker hands it to its owner and closes. */
  | { type: 'option.choose'; index: number }
  /** Escape, or focus left the picker: the list closes and the typed text is dropped. */
  | { type: 'list.close' }
  | { type: 'list.retry' };
