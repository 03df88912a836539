import type { SnapshotFrom } from 'xstate';
import { actionsFor } from '../../../domain/broker-research-requests';
import type { researchRequestsMachine } from './requests.machine';
import type { RequestsDraft } from './requests.types';

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
export const selectApproving = (s: S) => s.hasTag('approving');
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
const typedForRequest = (s: S) => s.hasTag('rejecting') && s.context.reason !== '';
const typedForBulk = (s: S) =>
  s.hasTag('confirming') && s.context.bulk.action === 'reject' && s.context.bulk.reason !== '';
/** A rejection reason is typed (for the open request, or for a bulk rejection): leaving the page would lose it. */
export const selectReasonTyped = (s: S) => typedForRequest(s) || typedForBulk(s);
/**
 * What a reload brings back (decision 042): the reason being typed, with the request or the bulk
 * choice it is for; undefined while a kept one waits to be shown again (the stored entry stays);
 * null for nothing.
 */
export const selectDraftToKeep = (s: S): RequestsDraft | null | undefined => {
  const c = s.context;
  if (c.draft !== null) return undefined;
  if (typedForRequest(s) && c.openId !== null) return { kind: 'request', request: c.openId, reason: c.reason };
  if (typedForBulk(s))
    return {
      kind: 'bulk',
      scope: c.bulk.scope,
      requests: c.bulk.scope === 'chosen' ? c.selected : [],
      reason: c.bulk.reason,
    };
  return null;
};
