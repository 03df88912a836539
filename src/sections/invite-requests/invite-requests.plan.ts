// Invite Request Users' walk. A page of requests is read (or not); filtered to New and paged; a
// row approved (organizations found or not; created; refused at a field; someone else first; not
// sent), rejected once a reason is worded, or its invitation sent again (done; someone else
// first; not sent); open rows ticked and approved together after a preview (refused at a field,
// or done and the list read again). The second walk opens on an approval kept across a reload.
import type { InviteListReply, InviteRequestItem } from '../../domain/invite-requests';
import { doneEvent, failedEvent, type MachinePlan } from '../../workflows/plan';
import { answered, callOutcomes, refusedAt, storedFirst } from '../../workflows/call-outcomes';
import { NO_QUERY, REVIEW_LIST_EVENTS } from '../../machines/shared/review-list.plan';
import { inviteReviewMachine, reasonGiven } from './invite-requests.machine';
import type { ApproveDraft, Options } from './invite-requests.types';

const item = (
  id: number,
  status: InviteRequestItem['status'],
  over: Partial<InviteRequestItem> = {},
): InviteRequestItem => ({
  id,
  first_name: 'Person',
  last_name: `Number ${id}`,
  email: `person${id}@example.com`,
  organization_guess: 'Northwind',
  organization: null,
  message: '',
  status,
  created_at: 1_764_000_000_000 - id,
  decided_by: status === 'new' ? null : 'admin',
  decided_at: null,
  reason: null,
  user: status === 'invited' ? { id: 90 + id, username: `person${id}` } : null,
  invited_at: null,
  invitations: 0,
  version: 1,
  duplicate: null,
  ...over,
});
const page: InviteListReply = {
  status: true,
  requests: [
    item(1, 'new', { organization: { id: 7, name: 'Northwind Capital' } }),
    item(2, 'new'),
    item(3, 'invited'),
    item(4, 'rejected', { reason: 'No.' }),
  ],
  next: { at: 1_763_000_000_000, id: 4 },
};
const options: Options = {
  user_types: ['trial', 'test_user'],
  user_categories: ['general', 'ir'],
  product_configurations: ['product_basic'],
  default_configuration: 'product_basic',
  data_plan_items: ['product_data'],
  owners: [{ key: 'keeper', text: 'Kim Keeper' }],
  organizations: [{ id: 7, name: 'Northwind Capital' }],
};
const stale = storedFirst('colleague rejected it after you opened it; nothing of yours was done.', {
  ...item(1, 'rejected'),
  version: 2,
  decided_by: 'colleague',
  reason: 'Duplicate.',
});
const refused = refusedAt(
  { owner: 'Choose an owner from the list of staff.' },
  'Nothing was approved: the settings need changes.',
);

export const inviteReviewPlan: MachinePlan<typeof inviteReviewMachine> = {
  machine: inviteReviewMachine,
  input: { query: NO_QUERY, draft: null },
  events: [
    ...REVIEW_LIST_EVENTS,
    { type: 'request.toggle', id: 1 },
    { type: 'approve.open', id: 1 },
    { type: 'reject.open', id: 1 },
    { type: 'resend', id: 3 },
    { type: 'bulk.open' },
    { type: 'field.set', field: 'expiry_dt', value: '12-31-2027' },
    { type: 'plan.set', items: ['product_data'] },
    { type: 'invitation.set', send: false },
    { type: 'org.find', text: 'North' },
    { type: 'approve.send' },
    { type: 'form.cancel' },
    { type: 'reason.change', text: 'Personal address.' },
    { type: 'reject.send' },
    { type: 'bulk.preview' },
    { type: 'bulk.confirm' },
    { type: 'bulk.back' },
    { type: 'bulk.close' },
  ],
  outcomes: [
    ...callOutcomes('loadPage', { loaded: answered({ list: page, options }) }, 'loadFailed'),
    ...callOutcomes('findOrganizations', { orgsFound: answered(options) }, 'orgsFailed'),
    ...callOutcomes(
      'approve',
      {
        approved: answered({
          status: true,
          msg: 'Approved: user person1 was created.',
          request: { ...item(1, 'invited'), version: 2, decided_by: 'keeper', user: { id: 91, username: 'person1' } },
        }),
        approveRefused: refused,
        approvedMeanwhile: stale,
      },
      'approveFailed',
    ),
    ...callOutcomes(
      'reject',
      {
        rejected: answered({
          status: true,
          msg: 'Rejected.',
          request: { ...item(1, 'rejected'), version: 2, decided_by: 'keeper', reason: 'Personal address.' },
        }),
        rejectedMeanwhile: stale,
      },
      'rejectFailed',
    ),
    ...callOutcomes(
      'resend',
      {
        resent: answered({
          status: true,
          msg: 'Invitation to person3@example.com: sent.',
          request: { ...item(3, 'invited'), version: 2, invitations: 2 },
        }),
        resentMeanwhile: storedFirst('colleague approved it after you opened it; nothing of yours was done.', {
          ...item(3, 'joined'),
          version: 2,
        }),
      },
      'resendFailed',
    ),
    {
      name: 'previewed',
      event: doneEvent('bulkPreview', {
        status: true,
        msg: '1 of 1 can be approved.',
        preview: true,
        outcomes: [{ ok: true, id: 1, email: 'person1@example.com', username: 'person1', user_id: null }],
      }),
    },
    { name: 'previewRefused', event: refused('bulkPreview') },
    {
      name: 'bulkApproved',
      event: doneEvent('bulkApprove', {
        status: true,
        msg: 'Approved 1 of 1.',
        preview: false,
        outcomes: [{ ok: true, id: 1, email: 'person1@example.com', username: 'person1', user_id: 91 }],
      }),
    },
    { name: 'bulkFailed', event: failedEvent('bulkApprove') },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.query.status,
      s.context.query.cursor !== '',
      s.context.selected.length > 0,
      reasonGiven(s.context.reason),
    ]),
  // What a person can press: from the first page, a status or the next page; a row's buttons as
  // its status allows (once nothing is ticked), Approve chosen once something is; each form
  // control once; Reject only with a reason. A filtered page is looked at, not acted on again.
  filterEvents: (s, e) => {
    const c = s.context;
    const first = c.query.status === '' && c.query.cursor === '';
    const none = c.selected.length === 0;
    switch (e.type) {
      case 'query.set':
        return first && none && s.matches('browsing') && (e['query'].cursor === 'next' ? c.next !== null : true);
      case 'request.toggle':
        return first && none && c.items.some((i: InviteRequestItem) => i.status === 'new');
      case 'approve.open':
      case 'reject.open':
        return first && none && c.items.some((i: InviteRequestItem) => i.status === 'new');
      case 'resend':
        return first && none && c.items.some((i: InviteRequestItem) => i.status === 'invited' && i.user !== null);
      case 'field.set':
        return c.settings.expiry_dt === '';
      case 'plan.set':
        return c.settings.data_plan.length === 0;
      case 'invitation.set':
        return c.settings.send_invitation;
      case 'org.find':
        return c.orgChoices.length <= 1;
      case 'reason.change':
        return !reasonGiven(c.reason);
      case 'reject.send':
        return reasonGiven(c.reason);
      // Cancel is pressed while a form is being filled in; a preview and a report close their own way.
      case 'form.cancel':
        return !s.hasTag('busy') && !s.matches({ bulk: 'previewed' }) && !s.matches({ bulk: 'done' });
      default:
        return true;
    }
  },
};

/** After a reload with an approval being filled in (decision 042): the first row's form, an expiry typed. */
export const PLAN_APPROVE_DRAFT: ApproveDraft = {
  id: 1,
  settings: {
    organization_id: '7',
    organization_name: 'Northwind Capital',
    user_type: 'trial',
    user_category: 'general',
    owner: 'keeper',
    product_configuration: 'product_basic',
    data_plan: [],
    expiry_dt: '12-31-2027',
    send_invitation: true,
  },
};
export const inviteReviewDraftPlan: MachinePlan<typeof inviteReviewMachine> = {
  machine: inviteReviewMachine,
  input: { query: NO_QUERY, draft: PLAN_APPROVE_DRAFT },
  events: [{ type: 'approve.send' }, { type: 'form.cancel' }],
  outcomes: [
    inviteReviewPlan.outcomes.find((o) => o.name === 'loaded')!,
    inviteReviewPlan.outcomes.find((o) => o.name === 'approved')!,
  ],
  serializeState: inviteReviewPlan.serializeState,
  filterEvents: inviteReviewPlan.filterEvents!,
};
