// The bulk membership upload beside a group's members (decision 049): a CSV of emails, usernames
// or user ids read in the browser, checked by the server row by row (the preview: the rows to add,
// and every row not taken with its reason), then Add to group and the per-row report. Once users
// were added the member list is loaded again.
import { Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState, type ReactNode } from 'react';
import type { AnyActorLogic, SnapshotFrom } from 'xstate';
import { membersText } from '../../domain/groups-v2';
import type { groupBulkUploadMachine } from './groups-v2-upload.machine';
import {
  ROWS_SHOWN,
  reasonCounts,
  rowLines,
  selectApplying,
  selectError,
  selectFailed,
  selectMayApply,
  selectNothingRead,
  selectParsing,
  selectPreview,
  selectReport,
  selectShowsPreview,
  selectUnapplied,
  selectUpload,
  selectVerifyFailed,
  selectVerifying,
  type RowLine,
} from './groups-v2-upload.selectors';
import { useInspect } from '../../ui/console-context';
import { LeaveGuard } from '../../ui/form/form-draft';
import { GroupBrowserCtx, GroupBulkUploadCtx } from './groups-v2-context';
import { StartOverButton } from '../../ui/shared/upload-buttons';
import { UploadFileStep } from '../../ui/shared/upload-file-step';
import { UploadFailed, UploadSummary } from '../../ui/shared/upload-outcome';
import { UploadProgress } from '../../ui/shared/upload-progress';
import { sameReasonCounts, UploadReasons } from '../../ui/shared/upload-reasons';
import { REASON_COLUMN, UploadRows } from '../../ui/shared/upload-rows';
import { plural } from '../../ui/shared/upload-words';

export const FILE_LABEL = 'Members CSV';
export const FILE_HINT = "Upload CSV of User's email or username or user_id.";
export const ADD_TO_GROUP = 'Add to group';

type S = SnapshotFrom<typeof groupBulkUploadMachine>;

export function GroupUpload({ groupId, logic, probe }: { groupId: number; logic: AnyActorLogic; probe?: ReactNode }) {
  const [input] = useState(() => ({ groupId }));
  return (
    <GroupBulkUploadCtx.Provider
      logic={logic as typeof groupBulkUploadMachine}
      options={{ input, inspect: useInspect() }}
    >
      {probe}
      <UploadPanel />
    </GroupBulkUploadCtx.Provider>
  );
}

function UploadPanel() {
  const browser = GroupBrowserCtx.useActorRef();
  const report = GroupBulkUploadCtx.useSelector(selectReport);
  const unapplied = GroupBulkUploadCtx.useSelector(selectUnapplied);
  // Users were added: the member list shows them.
  useEffect(() => {
    if (report && report.validDataPoints.length > 0) browser.send({ type: 'members.reload' });
  }, [report, browser]);
  return (
    <Card role="region" aria-labelledby="group-upload-heading" style={{ flex: 1, minWidth: 320 }}>
      <Flex direction="column" gap="2">
        <Heading as="h3" size="3" id="group-upload-heading">
          Bulk membership upload
        </Heading>
        <FileStep />
        <Check />
        <Report />
      </Flex>
      <LeaveGuard
        when={unapplied}
        beforeUnload
        title="Leave without adding?"
        description="The file you read has not been added to the group. Leaving drops it; you can read it again later."
        leaveLabel="Leave"
      />
    </Card>
  );
}

function FileStep() {
  const upload = GroupBulkUploadCtx.useActorRef();
  const parsing = GroupBulkUploadCtx.useSelector(selectParsing);
  const applying = GroupBulkUploadCtx.useSelector(selectApplying);
  return (
    <UploadFileStep
      upload={upload}
      id="group-upload-hint"
      label={FILE_LABEL}
      hint={FILE_HINT}
      reading={parsing}
      disabled={parsing || applying}
    />
  );
}

/** A valid row names its user, a row not taken its reason. */
const columnsOf = (lines: readonly RowLine[]) => [
  lines.some((l) => l.reason !== null) ? REASON_COLUMN : { header: 'User', cell: (l: RowLine) => l.user },
];

function Rows({ caption, lines, total }: { caption: string; lines: RowLine[]; total: number }) {
  return <UploadRows caption={caption} rows={lines} total={total} columns={columnsOf(lines)} />;
}

/** The reader's rows not taken and the server's, in row order, the first ROWS_SHOWN. */
function notTaken(s: S, invalid: Parameters<typeof rowLines>[1]): { lines: RowLine[]; total: number } {
  const read = (s.context.upload?.problems ?? []).map((p) => ({
    row: p.row,
    value: p.value,
    reason: p.reason,
    user: null,
  }));
  const lines = [...read, ...rowLines(s, invalid)].sort((a, b) => a.row - b.row).slice(0, ROWS_SHOWN);
  return { lines, total: (s.context.upload?.problemCount ?? 0) + invalid.length };
}

function Check() {
  const upload = GroupBulkUploadCtx.useActorRef();
  const verifying = GroupBulkUploadCtx.useSelector(selectVerifying);
  const verifyFailed = GroupBulkUploadCtx.useSelector(selectVerifyFailed);
  const nothingRead = GroupBulkUploadCtx.useSelector(selectNothingRead);
  const showsPreview = GroupBulkUploadCtx.useSelector(selectShowsPreview);
  const preview = GroupBulkUploadCtx.useSelector(selectPreview);
  const read = GroupBulkUploadCtx.useSelector(selectUpload);
  const mayApply = GroupBulkUploadCtx.useSelector(selectMayApply);
  const applying = GroupBulkUploadCtx.useSelector(selectApplying);
  const error = GroupBulkUploadCtx.useSelector(selectError);
  const valid = GroupBulkUploadCtx.useSelector((s) =>
    s.context.preview ? rowLines(s, s.context.preview.validDataPoints) : [],
  );
  const invalid = GroupBulkUploadCtx.useSelector(
    (s) => notTaken(s, s.context.preview?.inValidDataPoints ?? []),
    (a, b) => a.total === b.total && a.lines.length === b.lines.length,
  );
  const why = GroupBulkUploadCtx.useSelector(
    (s) => reasonCounts(s, s.context.preview?.inValidDataPoints ?? []),
    sameReasonCounts,
  );
  if (nothingRead) {
    return (
      <Flex direction="column" gap="2" role="region" aria-label="Preview">
        <Text size="2" role="alert" aria-label="Preview result">
          {read?.fileName}: no row names a user, so nothing was checked. Put one email, username or user id per row;
          each row and why it was not taken is listed below.
        </Text>
        <UploadReasons label="Why rows are not taken" counts={why} />
        <Rows caption="Rows not taken" lines={invalid.lines} total={invalid.total} />
        <Flex gap="2">
          <StartOverButton size="2" onClick={() => upload.send({ type: 'upload.clear' })} />
        </Flex>
      </Flex>
    );
  }
  if (verifying)
    return <UploadProgress>Checking {plural(read?.values.length ?? 0, 'row')} against the group…</UploadProgress>;
  if (verifyFailed) {
    return (
      <UploadFailed
        message={`The file could not be checked: ${error}`}
        retry="Try again"
        onRetry={() => upload.send({ type: 'verify.retry' })}
        onStartOver={() => upload.send({ type: 'upload.clear' })}
      />
    );
  }
  if (!showsPreview || !preview) return null;
  const toAdd = preview.validDataPoints.length;
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Preview">
      <Text size="2" role="status" aria-label="Preview result">
        {read?.fileName}: {plural(toAdd, 'row')} to add; {plural(invalid.total, 'row')} not taken. The group has{' '}
        {membersText(preview.members)}.
      </Text>
      <Rows caption="Rows to add" lines={valid} total={toAdd} />
      <UploadReasons label="Why rows are not taken" counts={why} />
      <Rows caption="Rows not taken" lines={invalid.lines} total={invalid.total} />
      <Flex gap="2">
        <Button disabled={!mayApply} loading={applying} onClick={() => upload.send({ type: 'apply' })}>
          {ADD_TO_GROUP}
        </Button>
        {!applying && <StartOverButton size="2" onClick={() => upload.send({ type: 'upload.clear' })} />}
      </Flex>
    </Flex>
  );
}

function Report() {
  const upload = GroupBulkUploadCtx.useActorRef();
  const report = GroupBulkUploadCtx.useSelector(selectReport);
  const failed = GroupBulkUploadCtx.useSelector(selectFailed);
  const error = GroupBulkUploadCtx.useSelector(selectError);
  const notAdded = GroupBulkUploadCtx.useSelector(
    (s) => notTaken(s, s.context.report?.inValidDataPoints ?? []),
    (a, b) => a.total === b.total && a.lines.length === b.lines.length,
  );
  const why = GroupBulkUploadCtx.useSelector(
    (s) => reasonCounts(s, s.context.report?.inValidDataPoints ?? []),
    sameReasonCounts,
  );
  if (failed) {
    return (
      <UploadFailed
        message={`Nobody was added: ${error}`}
        retry="Back to the preview"
        onRetry={() => upload.send({ type: 'apply.back' })}
        onStartOver={() => upload.send({ type: 'upload.clear' })}
      />
    );
  }
  if (!report) return null;
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Report">
      <UploadSummary color={report.status ? 'blue' : 'red'} label="Response">
        Response Status : {report.status ? 'Success' : 'Nothing added'}. {plural(report.validDataPoints.length, 'user')}{' '}
        added; {plural(notAdded.total, 'row')} not added. The group had {membersText(report.previous_members)} and has{' '}
        {membersText(report.members)}.
      </UploadSummary>
      <UploadReasons label="Why rows were not added" counts={why} />
      <Rows caption="Rows not added" lines={notAdded.lines} total={notAdded.total} />
      <Box>
        <Button variant="soft" color="gray" onClick={() => upload.send({ type: 'upload.clear' })}>
          Upload another file
        </Button>
      </Box>
    </Flex>
  );
}
