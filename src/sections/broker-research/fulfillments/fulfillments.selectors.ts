import type { SnapshotFrom } from 'xstate';
import { FULFILLMENT_PAGE_SIZE, fulfillmentTotalWords } from '../../../domain/broker-research-fulfillments';
import { reasonProblem, type researchFulfillmentsMachine } from './fulfillments.machine';
import { hasFilters } from './fulfillments.search';
import type { EndDraft } from './fulfillments.types';
import { countText } from '../../../domain/format';

type S = SnapshotFrom<typeof researchFulfillmentsMachine>;

export const selectSearch = (s: S) => s.context.search;
export const selectRows = (s: S) => s.context.rows;
export const selectBrokers = (s: S) => s.context.brokers;
export const selectNamed = (s: S) => s.context.named;
/** A load is under way: the table stays, dimmed. */
export const selectBusy = (s: S) => s.hasTag('busy') && !s.hasTag('dialog');
/** Nothing has arrived yet. */
export const selectFirstLoad = (s: S) =>
  s.matches('loading') && s.context.rows.length === 0 && s.context.total === null;
export const selectEmpty = (s: S) => s.matches('empty');
export const selectError = (s: S) => (s.matches('failed') ? s.context.error : null);
export const selectNotice = (s: S) => s.context.notice;
export const selectFiltered = (s: S) => hasFilters(s.context.search);
export const selectHasNext = (s: S) => s.can({ type: 'page.next' });
export const selectHasPrev = (s: S) => s.can({ type: 'page.prev' });
/** Export is offered over a list on screen with rows. */
export const selectMayExport = (s: S) => s.matches('listed');
/** "51–100 of 1,234 fulfillments"; pages hold FULFILLMENT_PAGE_SIZE rows. */
export const selectRangeText = (s: S): string | null => {
  const { rows, page, total, capped } = s.context;
  if (total === null) return null;
  const words = fulfillmentTotalWords(total, capped);
  if (rows.length === 0) return words;
  const first = page * FULFILLMENT_PAGE_SIZE + 1;
  return `${countText(first)}–${countText(first + rows.length - 1)} of ${words}`;
};
export const selectEnding = (s: S) => s.context.ending;
export const selectDialogOpen = (s: S) => s.hasTag('dialog');
export const selectEndSending = (s: S) => s.matches('ending');
export const selectReasonProblem = (s: S) => (s.context.ending ? reasonProblem(s.context.ending.reason) : null);
/** A reason is typed in the End dialog: leaving the page would lose it. */
export const selectFormChanged = (s: S) =>
  s.hasTag('dialog') && s.context.ending !== null && s.context.ending.reason !== '';
/** What to keep across a reload (decision 042): the ending being worded; undefined until a kept one is taken up. */
export const selectDraftToKeep = (s: S): EndDraft | null | undefined => {
  if (s.context.draft !== null) return undefined;
  return selectFormChanged(s) ? { id: s.context.ending!.row.id, reason: s.context.ending!.reason } : null;
};
