import type { RequestAction } from '../../../domain/broker-research';
import type { Broker } from '../../../domain/brokers';
import type {
  BulkActionReply,
  BulkPreviewReply,
  ListRequestsReply,
  OneRequestReply,
  RequestActionReply,
  RequestFilterText,
  RequestsQuery,
  SeenRequest,
} from '../../../domain/broker-research-requests';
import type { BareEvent } from '../../../machines/shared/bare-event.types';
import type { IdEvent, TextEvent } from '../../../machines/shared/payload-event.types';
import type { RecordVersion } from '../../../machines/shared/record-version.types';
import type { Notice } from '../../../machines/shared/notice';

export const FILTER_KEYS = [
  'status',
  'broker',
  'org',
  'user',
  'from',
  'to',
] as const satisfies readonly (keyof RequestFilterText)[];
export const NO_FILTERS: RequestFilterText = { status: '', broker: '', org: '', user: '', from: '', to: '' };

export type BulkScope = 'chosen' | 'matching';

export interface RequestsContext {
  /** What is asked for (the URL follows it); `page` is what the server answered for it. */
  query: RequestsQuery;
  page: ListRequestsReply | null;
  /** Every broker, for the broker filter: read with the first page. */
  brokers: Broker[] | null;
  /** Chosen rows across pages with the versions seen, at most BULK_MAX. */
  selected: SeenRequest[];
  /** The request opened, and what the server says of it. */
  openId: number | null;
  detail: OneRequestReply | null;
  /** The action on the open request on its way (or its reason being written). */
  action: RequestAction | null;
  reason: string;
  bulk: {
    scope: BulkScope;
    preview: BulkPreviewReply | null;
    action: RequestAction | null;
    reason: string;
    report: BulkActionReply | null;
  };
  notice: Notice | null;
  /** Someone else acted on the request first: said above its panel. */
  conflict: string | null;
  error: string | null;
  /** The reason kept from before a reload, until its request or bulk rejection is shown again. */
  draft: RequestsDraft | null;
}

/**
 * A rejection reason being typed, kept across a reload (decision 042): for one request, or for a
 * bulk rejection of the chosen requests (with the versions seen) or of all matching the URL's filters.
 */
export type RequestsDraft =
  | { kind: 'request'; request: number; reason: string }
  | { kind: 'bulk'; scope: BulkScope; requests: SeenRequest[]; reason: string };

export interface RequestsInput {
  query: RequestsQuery;
  /** The reason kept from before a reload: its request (or bulk rejection) opens again with the dialog and the reason. */
  draft: RequestsDraft | null;
}

export type RequestsEvent =
  | BareEvent<'page.next' | 'page.prev' | 'page.toggleAll' | 'list.retry' | 'selection.clear'>
  | BareEvent<'request.close' | 'request.retry' | 'action.approve' | 'action.send' | 'action.reject'>
  | BareEvent<'reject.confirm' | 'reject.cancel'>
  | BareEvent<'approve.confirm' | 'approve.cancel'>
  | BareEvent<'bulk.retry' | 'bulk.confirm' | 'bulk.back' | 'bulk.cancel' | 'bulk.close'>
  | { type: 'query.set'; query: RequestsQuery }
  | { type: 'filters.apply'; filters: RequestFilterText }
  | { type: 'row.toggle'; row: SeenRequest }
  | IdEvent<'request.open'>
  | TextEvent<'reason.change' | 'bulk.reason'>
  | { type: 'bulk.start'; scope: BulkScope }
  | { type: 'bulk.pick'; action: RequestAction };

export interface ActInput extends RecordVersion {
  action: RequestAction;
  reason: string;
}
export interface BulkApplyInput {
  action: RequestAction;
  requests: SeenRequest[];
  reason: string;
}
/** What a bulk preview is asked about: the chosen requests with their versions, or all matching the filters. */
export interface ListInput {
  query: RequestsQuery;
  withBrokers: boolean;
}
export interface ListOutcome {
  page: ListRequestsReply;
  brokers: Broker[] | null;
}
export type RequestOutcome = OneRequestReply;
export type ActOutcome = RequestActionReply;
export type PreviewOutcome = BulkPreviewReply;
export type BulkOutcome = BulkActionReply;
