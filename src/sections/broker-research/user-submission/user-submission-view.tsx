// Broker Research, User Submission (decision 056): the machine's actor (its query from the URL,
// the kept rejection), what carries the URL's filters to it, what keeps a reason being typed
// across a reload and asks before it is left (decision 042), and the view: the status filter and the title search
// (both in the URL), the submissions newest first with their file, broker and submitter, each
// row's review actions as its status allows, the Reject dialog asking why, the page buttons, and
// what an action did. Thin: everything comes from selectors.
import { Button, Flex, Table, Text } from '@radix-ui/themes';
import { shallowEqual } from '@xstate/react';
import {
  REASON_MAX,
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '../../../domain/broker-research';
import {
  actionsFor,
  fileSizeText,
  SUBMISSION_ACTIONS,
  SUBMISSION_SEARCH_MAX,
  type SubmissionItem,
} from '../../../domain/broker-research-user-submission';
import { liveResearchSubmissionsMachine } from './user-submission.live';
import { reasonGiven } from './user-submission.machine';
import { checkRejectDraft, REJECT_DRAFT_FORM } from './user-submission.draft';
import {
  selectActingId,
  selectDraftToKeep,
  selectFormChanged,
  selectList,
  selectRejecting,
} from './user-submission.selectors';
import type { SubmissionQuery } from './user-submission.types';
import type { TabParams } from '../tab-search';
import { useTabSearch } from '../tab-search';
import { ResearchSubmissionsCtx } from './user-submission-context';
import { timeText } from '../../../domain/format';
import { FormDialog } from '../../../ui/shared/form-dialog';
import { ReasonField } from '../../../ui/form/reason-field';
import { ReviewList, reviewListScope, ReviewStatus, type ReviewListWords } from '../../../ui/shared/review-list';
import { statusQueryOf, StatusSearch } from '../../../ui/shared/status-search';

/** The URL's parameters as the list's query: an unknown status reads as every status. */
export const submissionQueryOf = (params: TabParams): SubmissionQuery =>
  statusQueryOf(params, SUBMISSION_STATUSES, SUBMISSION_SEARCH_MAX);

/** One line, cut with an ellipsis (the whole text in its title). */
const CLIPPED = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const STATUS_COLORS: Record<SubmissionStatus, 'blue' | 'amber' | 'green' | 'red'> = {
  new: 'blue',
  in_review: 'amber',
  published: 'green',
  rejected: 'red',
};

const list = reviewListScope({
  ctx: ResearchSubmissionsCtx,
  logic: liveResearchSubmissionsMachine,
  form: REJECT_DRAFT_FORM,
  check: checkRejectDraft,
  input: (query: SubmissionQuery, draft) => ({ query, draft }),
  queryOf: submissionQueryOf,
  useBinding: useTabSearch,
  select: { draft: selectDraftToKeep, changed: selectFormChanged },
  description: 'The reason for rejecting this submission is not sent yet.',
});
/** One rejection being worded at a time in this tab, per staff member. */
export const rejectDraftAddress = list.draftAddress;
/** The machine, started from the URL's query and the kept rejection; later moves of the URL (filters, pages, Back) are sent to it. */
export const ResearchSubmissionsScope = list.Scope;
/** Keeps a reason being typed as a draft; leaving the page with one asks first and drops it. */
export const RejectDraftKeeper = list.DraftKeeper;

function Filters() {
  return (
    <StatusSearch
      binding={useTabSearch()}
      name="Search submissions"
      label="Title"
      placeholder="Words of the title"
      maxLength={SUBMISSION_SEARCH_MAX}
      statuses={SUBMISSION_STATUSES}
      labels={SUBMISSION_STATUS_LABELS}
    />
  );
}

function Row({
  s,
  busy,
  acting,
  conflict,
}: {
  s: SubmissionItem;
  busy: boolean;
  acting: boolean;
  conflict: string | undefined;
}) {
  const actor = ResearchSubmissionsCtx.useActorRef();
  return (
    <Table.Row aria-label={s.title}>
      <Table.Cell style={{ maxWidth: 320 }}>
        <Text as="div" weight="medium">
          {s.title}
        </Text>
        {s.summary && (
          <Text as="div" size="1" color="gray" title={s.summary} style={CLIPPED}>
            {s.summary}
          </Text>
        )}
        <Text as="div" size="1" style={CLIPPED} title={s.file_name}>
          {s.tickers.length > 0 && <>Tickers: {s.tickers.join(', ')} · </>}
          {s.file_name} <Text color="gray">({fileSizeText(s.file_size)})</Text>
        </Text>
      </Table.Cell>
      <Table.Cell style={{ maxWidth: 160 }}>{s.broker?.name ?? <Text color="gray">None named</Text>}</Table.Cell>
      <Table.Cell style={{ maxWidth: 200 }}>
        <Text as="div" size="2">
          {s.user.name || s.user.username}
        </Text>
        <Text as="div" size="1" color="gray" style={CLIPPED} title={s.user.email}>
          {s.user.email}
        </Text>
      </Table.Cell>
      <Table.Cell>{timeText(s.submitted_at)}</Table.Cell>
      <ReviewStatus
        color={STATUS_COLORS[s.status]}
        label={SUBMISSION_STATUS_LABELS[s.status]}
        by={s.status === 'new' ? null : s.reviewed_by}
        reason={s.reason}
        conflict={conflict}
      />
      <Table.Cell>
        <Flex direction="column" gap="1" align="start">
          {actionsFor(s.status).map((a) => (
            <Button
              key={a}
              size="1"
              variant={a === 'reject' ? 'soft' : 'solid'}
              color={a === 'reject' ? 'red' : undefined}
              disabled={busy}
              style={{ whiteSpace: 'nowrap' }}
              onClick={() =>
                actor.send(
                  a === 'reject'
                    ? { type: 'submission.reject', id: s.id }
                    : { type: 'submission.act', id: s.id, action: a },
                )
              }
            >
              {acting ? '…' : SUBMISSION_ACTIONS[a].label}
            </Button>
          ))}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

function RejectDialog() {
  const actor = ResearchSubmissionsCtx.useActorRef();
  const rejecting = ResearchSubmissionsCtx.useSelector(selectRejecting);
  return (
    <FormDialog
      open={rejecting !== null}
      title={`Reject “${rejecting?.title ?? ''}”`}
      description="The submitter reads the reason."
      formLabel="Reject submission"
      saving={false}
      ready={reasonGiven(rejecting?.reason ?? '')}
      submitLabel="Reject"
      submitColor="red"
      onSubmit={() => actor.send({ type: 'reject.confirm' })}
      onCancel={() => actor.send({ type: 'reject.cancel' })}
    >
      <ReasonField
        id="reject-reason"
        value={rejecting?.reason ?? ''}
        maxLength={REASON_MAX}
        onChange={(text) => actor.send({ type: 'reason.change', text })}
      />
    </FormDialog>
  );
}

const WORDS: ReviewListWords = {
  records: 'submissions',
  caption: 'Submissions',
  notice: 'Submission notice',
  none: 'No submissions',
  noMatch: 'No submission matches these filters.',
  noneYet: 'Nobody has submitted research yet.',
};
const COLUMNS = ['Submission', 'Broker', 'Submitted by', 'Submitted', 'Status', 'Review'];

export function UserSubmissionView() {
  const actor = ResearchSubmissionsCtx.useActorRef();
  const binding = useTabSearch();
  const view = ResearchSubmissionsCtx.useSelector(selectList, shallowEqual);
  const actingId = ResearchSubmissionsCtx.useSelector(selectActingId);
  return (
    <ReviewList
      list={view}
      binding={binding}
      here={submissionQueryOf(binding.params)}
      words={WORDS}
      columns={COLUMNS}
      filters={<Filters />}
      row={(s) => <Row key={s.id} s={s} busy={view.busy} acting={actingId === s.id} conflict={view.conflicts[s.id]} />}
      onRetry={() => actor.send({ type: 'list.retry' })}
    >
      <RejectDialog />
    </ReviewList>
  );
}
