import type { Notice } from '../../../machines/shared/notice';
import type {
  EndFulfillmentReply,
  FulfillmentExportFormat,
  FulfillmentListReply,
  FulfillmentRow,
} from '../../../domain/broker-research-fulfillments';
import type { Broker } from '../../../domain/brokers';
import type { FulfillmentSearch } from './fulfillments.search';
import type { BareEvent } from '../../../machines/shared/bare-event.types';
import type { IdEvent, TextEvent } from '../../../machines/shared/payload-event.types';

export interface ResearchFulfillmentsInput {
  search: FulfillmentSearch;
  /** An ending being worded when the page was left (decision 042); null when none was kept. */
  draft: EndDraft | null;
}

/** What is kept of an ending being worded: the fulfillment and the reason typed so far. */
export interface EndDraft {
  id: number;
  reason: string;
}

export interface PageRequest {
  search: FulfillmentSearch;
  cursor: string;
  withTotal: boolean;
  /** The brokers for the filter are read with the first page only. */
  withBrokers: boolean;
}
export interface PageOutcome {
  reply: FulfillmentListReply;
  brokers: Broker[] | null;
}

export interface EndRequest {
  id: number;
  version: number;
  reason: string;
}

/** The fulfillment being ended: the row as shown, the reason typed, what went wrong sending it. */
export interface Ending {
  row: FulfillmentRow;
  reason: string;
  error: string | null;
}

export interface ResearchFulfillmentsContext {
  search: FulfillmentSearch;
  rows: FulfillmentRow[];
  /** Matches, counted with the first page of each filter; capped says "more than". */
  total: number | null;
  capped: boolean;
  named: FulfillmentListReply['named'] | null;
  brokers: Broker[] | null;
  nextCursor: string | null;
  prevCursor: string | null;
  /** The page asked for (or shown): its cursor and number from 0. */
  pending: { cursor: string; page: number };
  page: number;
  error: string | null;
  notice: Notice | null;
  ending: Ending | null;
  /** The kept ending, until the first page is read: reopened when its fulfillment is there to end. */
  draft: EndDraft | null;
}

export type ResearchFulfillmentsEvent =
  | BareEvent<'page.next' | 'page.prev' | 'list.retry' | 'end.confirm' | 'end.cancel'>
  /** The URL's search changed: a filter set or cleared, Back, a link from another tab. */
  | { type: 'query.set'; query: FulfillmentSearch }
  | { type: 'export.request'; format: FulfillmentExportFormat }
  | IdEvent<'end.open'>
  | TextEvent<'reason.type'>;

export type { EndFulfillmentReply };
