// User Submission's walk. A page of submissions is read (or not); the list is filtered to New and
// paged; a row is started in review or published (done; someone else first; not sent), or
// rejected after its reason is worded (or the rejection is put away). The second walk opens on a
// rejection kept across a reload: its dialog again with the reason typed, then sent or put away.
import type { RejectDraft } from './user-submission.types';
import type { SubmissionItem, SubmissionListReply } from '../../../domain/broker-research-user-submission';
import { actionsFor } from '../../../domain/broker-research-user-submission';
import { doneEvent, type MachinePlan } from '../../../workflows/plan';
import { answered, callOutcomes, storedFirst } from '../../../workflows/call-outcomes';
import { NO_QUERY, REVIEW_LIST_EVENTS } from '../../../machines/shared/review-list.plan';
import { reasonGiven, researchSubmissionsMachine } from './user-submission.machine';

const item = (id: number, status: SubmissionItem['status']): SubmissionItem => ({
  id,
  title: `Note ${id}`,
  summary: '',
  tickers: ['AAPL'],
  file_name: `note-${id}.pdf`,
  file_size: 1000,
  broker: null,
  user: { id: 9, username: 'writer', email: 'writer@example.com', name: 'Writer' },
  status,
  reason: null,
  submitted_at: 1_764_000_000_000 - id,
  reviewed_by: null,
  reviewed_at: null,
  version: 1,
});
const page: SubmissionListReply = {
  status: true,
  submissions: [item(1, 'new'), item(2, 'new'), item(3, 'in_review')],
  next: { at: 1_763_000_000_000, id: 3 },
};

export const researchSubmissionsPlan: MachinePlan<typeof researchSubmissionsMachine> = {
  machine: researchSubmissionsMachine,
  input: { query: NO_QUERY, draft: null },
  events: [
    ...REVIEW_LIST_EVENTS,
    { type: 'submission.act', id: 1, action: 'start_review' },
    { type: 'submission.act', id: 1, action: 'publish' },
    { type: 'submission.reject', id: 2 },
    { type: 'reason.change', text: 'Not original research.' },
    { type: 'reject.confirm' },
    { type: 'reject.cancel' },
  ],
  outcomes: [
    ...callOutcomes('loadPage', { loaded: answered(page) }, 'loadFailed'),
    ...callOutcomes(
      'act',
      {
        acted: answered({
          status: true,
          msg: 'Published.',
          submission: { ...item(1, 'published'), version: 2, reviewed_by: 'keeper' },
        }),
        actedMeanwhile: storedFirst('colleague rejected it after you opened it; nothing of yours was done.', {
          ...item(1, 'rejected'),
          version: 2,
          reviewed_by: 'colleague',
          reason: 'Duplicate.',
        }),
      },
      'actFailed',
    ),
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.query.status,
      s.context.query.cursor !== '',
      reasonGiven(s.context.rejecting?.reason ?? ''),
    ]),
  // What a person can press: a status other than the one shown, a next page when there is one,
  // an action some row offers (the row's buttons), Reject only with a reason.
  filterEvents: (s, e) => {
    const c = s.context;
    switch (e.type) {
      case 'query.set':
        return e['query'].cursor === 'next'
          ? c.next !== null && c.query.cursor === '' && s.matches('browsing')
          : c.query.status !== e['query'].status && s.matches('browsing');
      case 'submission.act':
        return c.items.some((i: SubmissionItem) => actionsFor(i.status).includes(e['action']));
      case 'submission.reject':
        return c.items.some((i: SubmissionItem) => actionsFor(i.status).includes('reject'));
      case 'reject.confirm':
        return reasonGiven(c.rejecting?.reason ?? '');
      case 'reason.change':
        return !reasonGiven(c.rejecting?.reason ?? '');
      default:
        return true;
    }
  },
};

/** After a reload with a reason being typed (decision 042): the second row, still New, is being rejected. */
export const PLAN_REJECT_DRAFT: RejectDraft = { id: 2, reason: 'Not original research.' };
export const researchSubmissionsDraftPlan: MachinePlan<typeof researchSubmissionsMachine> = {
  machine: researchSubmissionsMachine,
  input: { query: NO_QUERY, draft: PLAN_REJECT_DRAFT },
  events: [{ type: 'reject.confirm' }, { type: 'reject.cancel' }],
  outcomes: [
    researchSubmissionsPlan.outcomes.find((o) => o.name === 'loaded')!,
    {
      name: 'acted',
      event: doneEvent('act', {
        status: true,
        msg: 'Rejected.',
        submission: { ...item(2, 'rejected'), version: 2, reviewed_by: 'keeper', reason: PLAN_REJECT_DRAFT.reason },
      }),
    },
  ],
  serializeState: researchSubmissionsPlan.serializeState,
  filterEvents: researchSubmissionsPlan.filterEvents!,
};
