import type { Organization } from '../../domain/users';
import type { BareEvent } from '../../machines/shared/bare-event.types';

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
  | BareEvent<'highlight.next' | 'highlight.prev' | 'list.retry'>
  | { type: 'query.change'; query: string }
  /** A result was chosen (click or Enter); the picker hands it to its owner and closes. */
  | { type: 'option.choose'; index: number }
  /** Escape, or focus left the picker: the list closes and the typed text is dropped. */
  | { type: 'list.close' };
