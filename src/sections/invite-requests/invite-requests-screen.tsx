// /invite_request_users (spec §2; decision 064): the machine's actor (its query from the URL, the
// kept approval), what carries the URL's filters to it, what keeps an approval being filled in
// across a reload and asks before it is left (decision 042), and the view: the status filter and
// the search (both in the URL), the requests newest first with their duplicate, each row's
// actions as its status allows, the approval, rejection and bulk dialogs, the page buttons, and
// what an action did. Thin: everything comes from selectors.
import { Badge, Box, Button, Checkbox, Dialog, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { shallowEqual } from '@xstate/react';
import type { ReactNode } from 'react';
import {
  canActOnInvite,
  duplicateText,
  fullName,
  INVITE_REASON_MAX,
  INVITE_SEARCH_MAX,
  INVITE_STATUS_LABELS,
  INVITE_STATUSES,
  type InviteRequestItem,
  type InviteStatus,
} from '../../domain/invite-requests';
import { checkApproveDraft, APPROVE_DRAFT_FORM } from './invite-requests.draft';
import { liveInviteReviewMachine } from './invite-requests.live';
import { reasonGiven } from './invite-requests.machine';
import {
  selectApproving,
  selectBulk,
  selectBulkStage,
  selectBusy,
  selectDraftToKeep,
  selectFieldErrors,
  selectFormChanged,
  selectList,
  selectReason,
  selectRejecting,
  selectReport,
  selectReportMsg,
  selectResendingId,
  selectSelected,
  selectTarget,
} from './invite-requests.selectors';
import type { InviteQuery } from './invite-requests.types';
import { InviteReviewCtx } from './invite-requests-context';
import { UrlParamsContext, useUrlParams, type UrlParamsBinding } from '../../ui/shared/url-params';
import { SettingsForm } from './settings-form';
import { timeText } from '../../domain/format';
import { FormDialog, FormDialogActions } from '../../ui/shared/form-dialog';
import { ReasonField } from '../../ui/form/reason-field';
import { TableHead, type HeadColumn } from '../../ui/shared/table-head';
import { statusQueryOf, StatusSearch } from '../../ui/shared/status-search';
import { useStaffId } from '../../ui/shared/record-scope';
import { ReviewList, reviewListScope, ReviewStatus, type ReviewListWords } from '../../ui/shared/review-list';
import { useDialogFocus } from '../../ui/shared/dialog-focus';
import { SectionPage } from '../../ui/shared/section-page';

/** The URL's parameters as the list's query: an unknown status reads as every status. */
export const inviteQueryOf = (params: Record<string, string>): InviteQuery =>
  statusQueryOf(params, INVITE_STATUSES, INVITE_SEARCH_MAX);
const STATUS_COLORS: Record<InviteStatus, 'blue' | 'amber' | 'green' | 'red' | 'gray'> = {
  new: 'blue',
  approved: 'amber',
  invited: 'green',
  joined: 'gray',
  rejected: 'red',
};

const list = reviewListScope({
  ctx: InviteReviewCtx,
  logic: liveInviteReviewMachine,
  form: APPROVE_DRAFT_FORM,
  check: checkApproveDraft,
  input: (query: InviteQuery, draft) => ({ query, draft }),
  queryOf: inviteQueryOf,
  useBinding: useUrlParams,
  select: { draft: selectDraftToKeep, changed: selectFormChanged },
  description: "This invite request's approval or rejection is not sent yet.",
});
/** One approval being filled in at a time in this tab, per staff member. */
export const approveDraftAddress = list.draftAddress;
export const InviteReviewScope = list.Scope;
/** Keeps an approval being filled in as a draft; leaving the page with one (or a reason typed) asks first. */
export const ApproveDraftKeeper = list.DraftKeeper;

/** What the route mounts (tests put a probe inside to hold the actor). */
export function InviteRequestsScreen({ search, probe }: { search: UrlParamsBinding; probe?: ReactNode }) {
  const staff = useStaffId();
  return (
    <UrlParamsContext.Provider value={search}>
      <InviteReviewScope staff={staff}>
        {probe}
        <ApproveDraftKeeper staff={staff} />
        <SectionPage title="Invite Request Users" gap="3">
          <InviteReviewView />
        </SectionPage>
      </InviteReviewScope>
    </UrlParamsContext.Provider>
  );
}

function Filters() {
  return (
    <StatusSearch
      binding={useUrlParams()}
      name="Search invite requests"
      label="Name, email or organization"
      placeholder="Name, email or organization"
      maxLength={INVITE_SEARCH_MAX}
      statuses={INVITE_STATUSES}
      labels={INVITE_STATUS_LABELS}
    />
  );
}

function Row({
  r,
  busy,
  chosen,
  resending,
  conflict,
}: {
  r: InviteRequestItem;
  busy: boolean;
  chosen: boolean;
  resending: boolean;
  conflict: string | undefined;
}) {
  const actor = InviteReviewCtx.useActorRef();
  const name = fullName(r);
  return (
    <Table.Row aria-label={name}>
      <Table.Cell>
        {r.status === 'new' && (
          <Checkbox
            aria-label={`Choose ${name}`}
            checked={chosen}
            disabled={busy}
            onCheckedChange={() => actor.send({ type: 'request.toggle', id: r.id })}
          />
        )}
      </Table.Cell>
      <Table.Cell style={{ maxWidth: 260 }}>
        <Text as="div" weight="medium">
          {name}
        </Text>
        <Text as="div" size="1" color="gray">
          {r.email}
        </Text>
        {r.duplicate && (
          <Badge color="orange" mt="1" aria-label="Duplicate" style={{ whiteSpace: 'normal' }}>
            {duplicateText(r.duplicate)}
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell style={{ maxWidth: 220 }}>
        <Text as="div" size="2">
          {r.organization?.name ?? (r.organization_guess || '—')}
        </Text>
        {r.organization && r.organization_guess && r.organization_guess !== r.organization.name && (
          <Text as="div" size="1" color="gray">
            Typed: {r.organization_guess}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell style={{ maxWidth: 260 }}>
        <Text size="1">{r.message}</Text>
      </Table.Cell>
      <Table.Cell>{timeText(r.created_at)}</Table.Cell>
      <ReviewStatus
        color={STATUS_COLORS[r.status]}
        label={INVITE_STATUS_LABELS[r.status]}
        by={r.decided_by}
        reason={r.reason}
        conflict={conflict}
      >
        {r.user && (
          <Text as="div" size="1" color="gray">
            User {r.user.username}
          </Text>
        )}
      </ReviewStatus>
      <Table.Cell>
        <Flex direction="column" gap="1" align="start">
          {canActOnInvite('approve', r.status) && (
            <Button size="1" disabled={busy} onClick={() => actor.send({ type: 'approve.open', id: r.id })}>
              Approve
            </Button>
          )}
          {canActOnInvite('reject', r.status) && (
            <Button
              size="1"
              variant="soft"
              color="red"
              disabled={busy}
              onClick={() => actor.send({ type: 'reject.open', id: r.id })}
            >
              Reject
            </Button>
          )}
          {canActOnInvite('resend', r.status) && r.user && (
            <Button size="1" variant="soft" disabled={busy} onClick={() => actor.send({ type: 'resend', id: r.id })}>
              {resending ? '…' : 'Send invitation again'}
            </Button>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

// Cancel and closing stay open while an approval or rejection is sent: leaving drops the send.
function ApproveDialog() {
  const actor = InviteReviewCtx.useActorRef();
  const open = InviteReviewCtx.useSelector(selectApproving);
  const target = InviteReviewCtx.useSelector(selectTarget);
  const busy = InviteReviewCtx.useSelector(selectBusy);
  return (
    <FormDialog
      open={open}
      title={`Approve ${target ? fullName(target) : ''}`}
      description={`${target?.email ?? ''}${target?.organization_guess ? ` · asked as ${target.organization_guess}` : ''}. A user is created with these settings.`}
      formLabel="Approve"
      lead={
        target?.message && (
          <Text as="p" size="2" color="gray">
            “{target.message}”
          </Text>
        )
      }
      saving={false}
      ready={!busy}
      submitLabel={busy ? '…' : 'Approve and create user'}
      maxWidth="560px"
      onSubmit={() => actor.send({ type: 'approve.send' })}
      onCancel={() => actor.send({ type: 'form.cancel' })}
    >
      <SettingsForm prefix="approve" />
    </FormDialog>
  );
}

function RejectDialog() {
  const actor = InviteReviewCtx.useActorRef();
  const open = InviteReviewCtx.useSelector(selectRejecting);
  const target = InviteReviewCtx.useSelector(selectTarget);
  const reason = InviteReviewCtx.useSelector(selectReason);
  const errors = InviteReviewCtx.useSelector(selectFieldErrors);
  const busy = InviteReviewCtx.useSelector(selectBusy);
  return (
    <FormDialog
      open={open}
      title={`Reject ${target ? fullName(target) : ''}`}
      description="Say why; the reason stays with the request."
      formLabel="Reject"
      error={errors['reason'] || errors['_']}
      saving={false}
      ready={reasonGiven(reason) && !busy}
      submitLabel="Reject"
      submitColor="red"
      onSubmit={() => actor.send({ type: 'reject.send' })}
      onCancel={() => actor.send({ type: 'form.cancel' })}
    >
      <ReasonField
        id="invite-reject-reason"
        value={reason}
        maxLength={INVITE_REASON_MAX}
        onChange={(text) => actor.send({ type: 'reason.change', text })}
      />
    </FormDialog>
  );
}

function BulkDialog() {
  const actor = InviteReviewCtx.useActorRef();
  const open = InviteReviewCtx.useSelector(selectBulk);
  const stage = InviteReviewCtx.useSelector(selectBulkStage);
  const selected = InviteReviewCtx.useSelector(selectSelected);
  const report = InviteReviewCtx.useSelector(selectReport);
  const reportMsg = InviteReviewCtx.useSelector(selectReportMsg);
  const busy = InviteReviewCtx.useSelector(selectBusy);
  const close = () => actor.send(stage === 'done' ? { type: 'bulk.close' } : { type: 'form.cancel' });
  const { onCloseAutoFocus } = useDialogFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) close();
      }}
    >
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="640px">
        <Dialog.Title>
          {stage === 'done'
            ? 'Bulk approval done'
            : `Approve ${selected.length} ${selected.length === 1 ? 'request' : 'requests'}`}
        </Dialog.Title>
        <Dialog.Description size="2">
          {stage === 'editing'
            ? 'One set of settings for every user created; a preview shows what each request becomes.'
            : reportMsg}
        </Dialog.Description>
        {stage === 'editing' && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'bulk.preview' });
            }}
          >
            <Box mt="3">
              <SettingsForm prefix="bulk" />
            </Box>
            <FormDialogActions saving={false} ready={!busy} submitLabel={busy ? '…' : 'Preview'} onCancel={close} />
          </form>
        )}
        {report && (
          <Table.Root size="1" mt="3">
            <VisuallyHidden asChild>
              <caption>{stage === 'done' ? 'What was done' : 'Preview'}</caption>
            </VisuallyHidden>
            <TableHead columns={['Email', 'Outcome']} />
            <Table.Body>
              {report.map((o) => (
                <Table.Row key={o.id}>
                  <Table.Cell>{o.email}</Table.Cell>
                  <Table.Cell>
                    {o.ok ? (
                      <Text color="green">
                        {stage === 'done' ? 'Created' : 'Will create'} user {o.username}
                      </Text>
                    ) : (
                      <Text color="red">{o.reason}</Text>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        {stage === 'previewed' && (
          <Flex gap="3" justify="end" mt="4">
            <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'bulk.back' })}>
              Back
            </Button>
            <Button disabled={busy || !report?.some((o) => o.ok)} onClick={() => actor.send({ type: 'bulk.confirm' })}>
              Approve these
            </Button>
          </Flex>
        )}
        {stage === 'done' && (
          <Flex justify="end" mt="4">
            <Button onClick={close}>Close</Button>
          </Flex>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

const WORDS: ReviewListWords = {
  records: 'invite requests',
  caption: 'Invite requests',
  notice: 'Invite request notice',
  none: 'No invite requests',
  noMatch: 'No invite request matches these filters.',
  noneYet: 'Nobody has asked to join yet.',
};
// Who asked and from where never give way; the message goes first on a narrow screen, then the time.
const COLUMNS: HeadColumn[] = [
  { label: 'Choose', hiddenLabel: true },
  { label: 'Person', priority: 1, minWidth: 200 },
  { label: 'Organization', priority: 1, minWidth: 130 },
  { label: 'Message', priority: 3, minWidth: 160 },
  { label: 'Asked', priority: 2, minWidth: 150 },
  { label: 'Status', minWidth: 130 },
  { label: 'Actions', minWidth: 120 },
];

export function InviteReviewView() {
  const actor = InviteReviewCtx.useActorRef();
  const binding = useUrlParams();
  const view = InviteReviewCtx.useSelector(selectList, shallowEqual);
  const selected = InviteReviewCtx.useSelector(selectSelected);
  const resendingId = InviteReviewCtx.useSelector(selectResendingId);
  return (
    <ReviewList
      list={view}
      binding={binding}
      here={inviteQueryOf(binding.params)}
      words={WORDS}
      columns={COLUMNS}
      filters={<Filters />}
      above={
        <Flex gap="3" align="center">
          <Button disabled={view.busy || selected.length === 0} onClick={() => actor.send({ type: 'bulk.open' })}>
            Approve chosen ({selected.length})
          </Button>
        </Flex>
      }
      row={(r) => (
        <Row
          key={r.id}
          r={r}
          busy={view.busy}
          chosen={selected.includes(r.id)}
          resending={resendingId === r.id}
          conflict={view.conflicts[r.id]}
        />
      )}
      onRetry={() => actor.send({ type: 'list.retry' })}
    >
      <ApproveDialog />
      <RejectDialog />
      <BulkDialog />
    </ReviewList>
  );
}
