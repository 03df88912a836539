// The bulk membership upload beside a group's members (decision 049): a CSV of emails, usernames
// or user ids read in the browser, checked by the server row by row (the preview: the rows to add,
// and every row not taken with its reason), then Add to group and the per-row report. Once users
// were added the member list is loaded again.
import { Box, Button, Callout, Card, Flex, Heading, Spinner, Table, Text } from '@radix-ui/themes';
import { useEffect, useState, type ReactNode } from 'react';
import type { AnyActorLogic, SnapshotFrom } from 'xstate';
import { membersText } from '../../domain/groups-v2';
import type { groupBulkUploadMachine } from '../../machines/group-bulk-upload/group-bulk-upload.machine';
import {
  ROWS_SHOWN,
  reasonCounts,
  rowLines,
  selectApplying,
  selectError,
  selectFailed,
  selectFileName,
  selectMayApply,
  selectParsing,
  selectPreview,
  selectRefusal,
  selectRefused,
  selectReport,
  selectShowsPreview,
  selectUnapplied,
  selectUpload,
  selectVerifyFailed,
  selectVerifying,
  type RowLine,
} from '../../machines/group-bulk-upload/group-bulk-upload.selectors';
import { TableCaption } from '../shared/table-caption';
import { useInspect } from '../console-context';
import { LeaveGuard } from '../form/form-draft';
import { GroupBrowserCtx, GroupBulkUploadCtx } from './groups-v2-context';
import { countText } from '../../domain/format';

export const FILE_LABEL = 'Members CSV';
export const FILE_HINT = "Upload CSV of User's email or username or user_id.";
export const ADD_TO_GROUP = 'Add to group';

const plural = (x: number, one: string, many: string) => `${countText(x)} ${x === 1 ? one : many}`;
type S = SnapshotFrom<typeof groupBulkUploadMachine>;
type Counts = { reason: string; count: number }[];
const sameCounts = (a: Counts, b: Counts) =>
  a.length === b.length && a.every((c, i) => c.reason === b[i]!.reason && c.count === b[i]!.count);

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
  const refused = GroupBulkUploadCtx.useSelector(selectRefused);
  const refusal = GroupBulkUploadCtx.useSelector(selectRefusal);
  const fileName = GroupBulkUploadCtx.useSelector(selectFileName);
  const applying = GroupBulkUploadCtx.useSelector(selectApplying);
  return (
    <Flex direction="column" gap="1">
      <label>
        <Text as="div" size="2" weight="medium" mb="1">
          {FILE_LABEL}
        </Text>
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          disabled={parsing || applying}
          aria-describedby="group-upload-hint"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // The same file may be chosen again after it changed on disk.
            e.currentTarget.value = '';
            if (file) upload.send({ type: 'file.choose', file });
          }}
        />
      </label>
      <Text id="group-upload-hint" size="1" color="gray">
        {FILE_HINT}
      </Text>
      {parsing && (
        <Text size="2" color="gray" role="status">
          Reading {fileName}…
        </Text>
      )}
      {refused && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>
            {fileName} was refused: {refusal}
          </Callout.Text>
          <Box>
            <Button size="1" variant="soft" color="gray" onClick={() => upload.send({ type: 'upload.clear' })}>
              Start over
            </Button>
          </Box>
        </Callout.Root>
      )}
    </Flex>
  );
}

function Rows({ caption, lines, total }: { caption: string; lines: RowLine[]; total: number }) {
  if (total === 0) return null;
  return (
    <Flex direction="column" gap="1">
      <Box style={{ maxHeight: 240, overflowY: 'auto' }}>
        <Table.Root size="1" variant="surface">
          <TableCaption>{caption}</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Value</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                {lines.some((l) => l.reason !== null) ? 'Reason' : 'User'}
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((l, i) => (
              <Table.Row key={`${l.row}-${i}`}>
                <Table.RowHeaderCell>{l.row || '–'}</Table.RowHeaderCell>
                <Table.Cell style={{ overflowWrap: 'anywhere' }}>{l.value}</Table.Cell>
                <Table.Cell>{l.reason ?? l.user}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {total > lines.length && (
        <Text size="1" color="gray">
          The first {countText(lines.length)} of {countText(total)} rows.
        </Text>
      )}
    </Flex>
  );
}

/** How many rows are not taken for each reason, above the table (which lists the first rows only). */
function Reasons({ label, counts }: { label: string; counts: { reason: string; count: number }[] }) {
  if (counts.length === 0) return null;
  return (
    <ul aria-label={label} style={{ margin: 0, paddingLeft: 'var(--space-4)' }}>
      {counts.map((c) => (
        <li key={c.reason}>
          <Text size="2">
            {plural(c.count, 'row', 'rows')}: {c.reason}
          </Text>
        </li>
      ))}
    </ul>
  );
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
    sameCounts,
  );
  if (verifying)
    return (
      <Text size="2" color="gray" role="status">
        <Spinner size="1" /> Checking {plural(read?.values.length ?? 0, 'row', 'rows')} against the group…
      </Text>
    );
  if (verifyFailed) {
    return (
      <Callout.Root color="red" role="alert" size="1">
        <Callout.Text>The file could not be checked: {error}</Callout.Text>
        <Flex gap="2">
          <Button size="1" variant="soft" onClick={() => upload.send({ type: 'verify.retry' })}>
            Try again
          </Button>
          <Button size="1" variant="soft" color="gray" onClick={() => upload.send({ type: 'upload.clear' })}>
            Start over
          </Button>
        </Flex>
      </Callout.Root>
    );
  }
  if (!showsPreview || !preview) return null;
  const toAdd = preview.validDataPoints.length;
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Preview">
      <Text size="2" role="status" aria-label="Preview result">
        {read?.fileName}: {plural(toAdd, 'row', 'rows')} to add; {plural(invalid.total, 'row', 'rows')} not taken. The
        group has {membersText(preview.members)}.
      </Text>
      <Rows caption="Rows to add" lines={valid} total={toAdd} />
      <Reasons label="Why rows are not taken" counts={why} />
      <Rows caption="Rows not taken" lines={invalid.lines} total={invalid.total} />
      <Flex gap="2">
        <Button disabled={!mayApply} loading={applying} onClick={() => upload.send({ type: 'apply' })}>
          {ADD_TO_GROUP}
        </Button>
        {!applying && (
          <Button variant="soft" color="gray" onClick={() => upload.send({ type: 'upload.clear' })}>
            Start over
          </Button>
        )}
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
    sameCounts,
  );
  if (failed) {
    return (
      <Callout.Root color="red" role="alert" size="1">
        <Callout.Text>Nobody was added: {error}</Callout.Text>
        <Flex gap="2">
          <Button size="1" variant="soft" onClick={() => upload.send({ type: 'apply.back' })}>
            Back to the preview
          </Button>
          <Button size="1" variant="soft" color="gray" onClick={() => upload.send({ type: 'upload.clear' })}>
            Start over
          </Button>
        </Flex>
      </Callout.Root>
    );
  }
  if (!report) return null;
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Report">
      <Callout.Root color={report.status ? 'blue' : 'red'} size="1" role="status" aria-label="Response">
        <Callout.Text>
          Response Status : {report.status ? 'Success' : 'Nothing added'}.{' '}
          {plural(report.validDataPoints.length, 'user', 'users')} added; {plural(notAdded.total, 'row', 'rows')} not
          added. The group had {membersText(report.previous_members)} and has {membersText(report.members)}.
        </Callout.Text>
      </Callout.Root>
      <Reasons label="Why rows were not added" counts={why} />
      <Rows caption="Rows not added" lines={notAdded.lines} total={notAdded.total} />
      <Box>
        <Button variant="soft" color="gray" onClick={() => upload.send({ type: 'upload.clear' })}>
          Upload another file
        </Button>
      </Box>
    </Flex>
  );
}
