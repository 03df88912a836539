import type { SnapshotFrom } from 'xstate';
import { actionsFor } from '../../domain/broker-research-requests';
import type { researchRequestsMachine } from './research-requests.machine';
import type { RequestsDraft } from './research-requests.types';

type S = SnapshotFrom<typeof researchRequestsMachine>;

export const selectLoading = (s: S) => s.hasTag('loading');
export const selectLoadFailed = (s: S) => s.hasTag('loadFailed');
export const selectListed = (s: S) => s.hasTag('listed');
export const selectBusy = (s: S) => s.hasTag('busy');
export const selectQuery = (s: S) => s.context.query;
export const selectPage = (s: S) => s.context.page;
export const selectSelected = (s: S) => s.context.selected;
export const selectInRequest = (s: S) => s.matches('request');
export const selectOpenId = (s: S) => s.context.openId;
export const selectDetail = (s: S) => s.context.detail;
export const selectRequestLoading = (s: S) => s.hasTag('requestLoading');
export const selectRequestLoadFailed = (s: S) => s.hasTag('requestLoadFailed');
export const selectRequestShown = (s: S) => s.hasTag('requestShown');
export const selectRejecting = (s: S) => s.hasTag('rejecting');
export const selectActing = (s: S) => s.hasTag('acting');
export const selectAction = (s: S) => s.context.action;
export const selectReason = (s: S) => s.context.reason;
/** The actions the open request's status allows, in the lifecycle's order. */
export const selectOfferedActions = (s: S) => (s.context.detail ? actionsFor(s.context.detail.request.status) : []);
export const selectInBulk = (s: S) => s.matches('bulk');
export const selectBulk = (s: S) => s.context.bulk;
export const selectPreviewing = (s: S) => s.hasTag('previewing');
export const selectPreviewFailed = (s: S) => s.hasTag('previewFailed');
export const selectPreviewed = (s: S) => s.hasTag('previewed');
export const selectConfirming = (s: S) => s.hasTag('confirming');
export const selectApplying = (s: S) => s.hasTag('applying');
export const selectReported = (s: S) => s.hasTag('reported');
export const selectNotice = (s: S) => s.context.notice;
export const selectConflict = (s: S) => s.context.conflict;
export const selectError = (s: S) => s.context.error;
/** A reason is typed in the open request's reject dialog: leaving the page would lose it. */
export const selectReasonTyped = (s: S) => s.hasTag('rejecting') && s.context.reason !== '';
/** A bulk rejection's reason is typed: a reload cannot bring the bulk choice back, so the browser asks first. */
export const selectBulkReasonTyped = (s: S) => s.hasTag('confirming') && s.context.bulk.action === 'reject' && s.context.bulk.reason !== '';
/**
 * What a reload brings back (decision 042): the open request's reason being typed; undefined while a
 * kept one waits for its request to be shown again (the stored entry stays); null for nothing.
 */
export const selectDraftToKeep = (s: S): RequestsDraft | null | undefined => {
  if (s.context.draft !== null) return undefined;
  return s.hasTag('rejecting') && s.context.reason !== '' && s.context.openId !== null ? { request: s.context.openId, reason: s.context.reason } : null;
};
