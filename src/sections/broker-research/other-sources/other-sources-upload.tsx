// Fulfillments from Other Sources (decision 060): choose a file, read it here (the read report),
// name its source and distributor, have the server check every row (the verify report: rows to
// add, rows skipped because the user already reads the broker, rows refused with why), confirm,
// apply in one transaction (the done report), and see the latest imports.
import { Box, Button, Callout, Card, Flex, Heading, RadioGroup, Table, Text, TextField } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import type { AnyActorLogic } from 'xstate';
import { distributorLabel } from '../../../domain/broker-research';
import {
  IMPORTS_PAGE_SIZE,
  OTHER_SOURCE_HEADER_HELP,
  SOURCE_NAME_MAX,
  reportCsv,
  type ReportRow,
} from '../../../domain/broker-research-other-sources';
import type { CsvRowProblem } from '../../../domain/csv-upload';
import type { otherSourceUploadMachine } from './other-sources.machine';
import {
  firstRows,
  reasonCounts,
  selectApplying,
  selectConfirming,
  selectDist,
  selectDists,
  selectDone,
  selectEditsDetails,
  selectError,
  selectFailed,
  selectFieldErrors,
  selectFileName,
  selectImports,
  selectImportsError,
  selectLoadingImports,
  selectChoosing,
  selectMayApply,
  selectMayVerify,
  selectRead,
  selectReading,
  selectShowsRead,
  selectShowsReport,
  selectSourceName,
  selectUnapplied,
  selectVerified,
  selectVerifyFailed,
  selectVerifying,
  selectBusy,
} from './other-sources.selectors';
import { saveFile } from '../../../services/downloads';
import { TableCaption } from '../../../ui/shared/table-caption';
import {
  DownloadButton,
  REPORT_DOWNLOAD,
  ROWS_NOT_TAKEN_DOWNLOAD,
  StartOverButton,
} from '../../../ui/shared/upload-buttons';
import { UploadFileStep } from '../../../ui/shared/upload-file-step';
import { UploadFailed, UploadSummary } from '../../../ui/shared/upload-outcome';
import { UploadProgress } from '../../../ui/shared/upload-progress';
import { UploadReasons } from '../../../ui/shared/upload-reasons';
import { REASON_COLUMN, UploadRows } from '../../../ui/shared/upload-rows';
import { plural } from '../../../ui/shared/upload-words';
import { useInspect } from '../../../ui/console-context';
import { described, FieldFrame } from '../../../ui/form/field-frame';
import { LeaveGuard } from '../../../ui/form/form-draft';
import { OtherSourceUploadCtx } from './other-sources-context';
import { countText, timeText } from '../../../domain/format';

export const FILE_LABEL = 'Entitlements file (CSV)';
export const FILE_HINT = `${OTHER_SOURCE_HEADER_HELP} A user is an email, a username or a user id; a broker is its id or exact name; dates are YYYY-MM-DD.`;
export const SOURCE_LABEL = 'Source';
export const DIST_LABEL = 'Distributor';
export const CHECK = 'Check the file';
export const CONFIRM = 'Add them';

export function OtherSourceUpload({
  dists,
  logic,
  probe,
}: {
  dists: string[];
  logic: AnyActorLogic;
  probe?: ReactNode;
}) {
  const [input] = useState(() => ({ dists }));
  return (
    <OtherSourceUploadCtx.Provider
      logic={logic as typeof otherSourceUploadMachine}
      options={{ input, inspect: useInspect() }}
    >
      {probe}
      <UploadPanel />
    </OtherSourceUploadCtx.Provider>
  );
}

function UploadPanel() {
  const unapplied = OtherSourceUploadCtx.useSelector(selectUnapplied);
  return (
    <Flex direction="column" gap="4">
      <Card role="region" aria-labelledby="other-source-upload-heading">
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3" id="other-source-upload-heading">
            Upload entitlements from another source
          </Heading>
          <FileStep />
          <ReadReport />
          <Details />
          <VerifyReport />
          <Outcome />
        </Flex>
      </Card>
      <Imports />
      <LeaveGuard
        when={unapplied}
        beforeUnload
        title="Leave without adding?"
        description="The file you read has not been applied. Leaving drops it; you can read it again later."
        leaveLabel="Leave"
      />
    </Flex>
  );
}

function FileStep() {
  const upload = OtherSourceUploadCtx.useActorRef();
  const reading = OtherSourceUploadCtx.useSelector(selectReading);
  const busy = OtherSourceUploadCtx.useSelector(selectBusy);
  const done = OtherSourceUploadCtx.useSelector(selectDone);
  const confirming = OtherSourceUploadCtx.useSelector(selectConfirming);
  const failed = OtherSourceUploadCtx.useSelector(selectFailed);
  // While the latest imports load (one short page) a file waits: the list is shown beside every step.
  const loading = OtherSourceUploadCtx.useSelector(selectLoadingImports);
  return (
    <UploadFileStep
      upload={upload}
      id="other-source-file-hint"
      label={FILE_LABEL}
      hint={FILE_HINT}
      reading={reading}
      disabled={loading || busy || done !== null || confirming || failed}
    />
  );
}

/** A row the server took or not: skipped (already entitled) or refused. */
const OUTCOME_COLUMN = {
  header: 'Outcome',
  cell: (r: CsvRowProblem | ReportRow) => ('outcome' in r && r.outcome === 'skipped' ? 'Skipped' : 'Refused'),
};

/** Rows not taken: the first ones in a bounded box, the count of all of them under it. */
function Rows({
  caption,
  rows,
  total,
}: {
  caption: string;
  rows: readonly (CsvRowProblem | ReportRow)[];
  total: number;
}) {
  const withOutcome = rows.some((r) => 'outcome' in r);
  return (
    <UploadRows
      caption={caption}
      rows={rows}
      total={total}
      columns={withOutcome ? [OUTCOME_COLUMN, REASON_COLUMN] : [REASON_COLUMN]}
      held="the downloaded report holds them all"
    />
  );
}

function ReadReport() {
  const shows = OtherSourceUploadCtx.useSelector(selectShowsRead);
  const read = OtherSourceUploadCtx.useSelector(selectRead);
  const fileName = OtherSourceUploadCtx.useSelector(selectFileName);
  if (!shows || !read) return null;
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Read report">
      <Text size="2" role="status" aria-label="Read result">
        {fileName}: {plural(read.rows, 'row')} read; {countText(read.taken)} to check with the server
        {read.problemCount > 0 ? `, ${countText(read.problemCount)} not taken` : ''}.
      </Text>
      <Rows caption="Rows the file's rules refuse" rows={read.problems} total={read.problemCount} />
      {read.problemCount > 0 && (
        <Box>
          <DownloadButton
            label={ROWS_NOT_TAKEN_DOWNLOAD}
            onClick={() =>
              saveFile(new Blob([read.problemsCsv], { type: 'text/csv' }), `${fileName ?? 'file'}-rows-not-taken.csv`)
            }
          />
        </Box>
      )}
    </Flex>
  );
}

function Details() {
  const upload = OtherSourceUploadCtx.useActorRef();
  const edits = OtherSourceUploadCtx.useSelector(selectEditsDetails);
  const sourceName = OtherSourceUploadCtx.useSelector(selectSourceName);
  const dist = OtherSourceUploadCtx.useSelector(selectDist);
  const dists = OtherSourceUploadCtx.useSelector(selectDists);
  const errors = OtherSourceUploadCtx.useSelector(selectFieldErrors);
  const mayVerify = OtherSourceUploadCtx.useSelector(selectMayVerify);
  const verifying = OtherSourceUploadCtx.useSelector(selectVerifying);
  const verifyFailed = OtherSourceUploadCtx.useSelector(selectVerifyFailed);
  const error = OtherSourceUploadCtx.useSelector(selectError);
  const read = OtherSourceUploadCtx.useSelector(selectRead);
  if (!edits && !verifying) return null;
  return (
    <Flex direction="column" gap="2" role="group" aria-label="Where the file comes from">
      <FieldFrame
        id="other-source-name"
        label={SOURCE_LABEL}
        error={errors['source_name']}
        hint="Where the entitlements come from, for example Refinitiv entitlement file."
      >
        <TextField.Root
          id="other-source-name"
          value={sourceName}
          maxLength={SOURCE_NAME_MAX}
          disabled={verifying}
          {...described('other-source-name', errors['source_name'], 'hint')}
          onChange={(e) => upload.send({ type: 'details.change', sourceName: e.currentTarget.value })}
        />
      </FieldFrame>
      <FieldFrame label={DIST_LABEL} error={errors['dist']}>
        <RadioGroup.Root
          aria-label={DIST_LABEL}
          value={dist}
          disabled={verifying}
          onValueChange={(value) => upload.send({ type: 'details.change', dist: value })}
        >
          <Flex gap="3">
            {dists.map((d) => (
              <RadioGroup.Item key={d} value={d}>
                {distributorLabel(d)}
              </RadioGroup.Item>
            ))}
          </Flex>
        </RadioGroup.Root>
      </FieldFrame>
      {verifyFailed && (
        <UploadFailed
          message={`The file could not be checked: ${error}`}
          retry="Try again"
          onRetry={() => upload.send({ type: 'verify.retry' })}
          onStartOver={() => upload.send({ type: 'upload.clear' })}
        />
      )}
      {!verifyFailed && (
        <Flex gap="2" align="center">
          <Button disabled={!mayVerify} loading={verifying} onClick={() => upload.send({ type: 'verify' })}>
            {CHECK}
          </Button>
          {!verifying && <StartOverButton size="2" onClick={() => upload.send({ type: 'upload.clear' })} />}
          {verifying && (
            <UploadProgress>
              Checking {plural(read?.taken ?? 0, 'row')} against the users, brokers and fulfillments…
            </UploadProgress>
          )}
        </Flex>
      )}
    </Flex>
  );
}

function downloadReport(fileName: string, report: readonly ReportRow[]) {
  saveFile(new Blob([reportCsv(report)], { type: 'text/csv' }), `${fileName}-report.csv`);
}

function VerifyReport() {
  const upload = OtherSourceUploadCtx.useActorRef();
  const shows = OtherSourceUploadCtx.useSelector(selectShowsReport);
  const verified = OtherSourceUploadCtx.useSelector(selectVerified);
  const mayApply = OtherSourceUploadCtx.useSelector(selectMayApply);
  const confirming = OtherSourceUploadCtx.useSelector(selectConfirming);
  const applying = OtherSourceUploadCtx.useSelector(selectApplying);
  if (!shows || !verified) return null;
  const source = `${verified.source_name} (${distributorLabel(verified.dist)})`;
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Check report">
      <Text size="2" role="status" aria-label="Check result">
        {verified.file_name} from {source}: {plural(verified.taken, 'fulfillment')} to add;{' '}
        {countText(verified.skipped)} skipped, {countText(verified.refused)} refused, of {plural(verified.rows, 'row')}.
      </Text>
      <UploadReasons label="Why rows are not taken" counts={reasonCounts(verified.report)} />
      <Rows caption="Rows not taken" rows={firstRows(verified.report)} total={verified.report.length} />
      {verified.report.length > 0 && (
        <Box>
          <DownloadButton label={REPORT_DOWNLOAD} onClick={() => downloadReport(verified.file_name, verified.report)} />
        </Box>
      )}
      {confirming || applying ? (
        <Callout.Root color="amber" size="1" role="group" aria-label="Confirm">
          <Callout.Text>
            Add {plural(verified.taken, 'fulfillment')} from {source}? Every row is checked again as they are added, all
            in one go.
          </Callout.Text>
          <Flex gap="2">
            <Button size="1" loading={applying} onClick={() => upload.send({ type: 'apply.confirm' })}>
              {CONFIRM}
            </Button>
            {!applying && (
              <Button size="1" variant="soft" color="gray" onClick={() => upload.send({ type: 'apply.cancel' })}>
                Not yet
              </Button>
            )}
          </Flex>
        </Callout.Root>
      ) : (
        <Flex gap="2">
          <Button disabled={!mayApply} onClick={() => upload.send({ type: 'apply' })}>
            Add {plural(verified.taken, 'fulfillment')}
          </Button>
          <Button variant="soft" color="gray" onClick={() => upload.send({ type: 'details.edit' })}>
            Change the source or distributor
          </Button>
          <StartOverButton size="2" onClick={() => upload.send({ type: 'upload.clear' })} />
        </Flex>
      )}
    </Flex>
  );
}

function Outcome() {
  const upload = OtherSourceUploadCtx.useActorRef();
  const done = OtherSourceUploadCtx.useSelector(selectDone);
  const failed = OtherSourceUploadCtx.useSelector(selectFailed);
  const error = OtherSourceUploadCtx.useSelector(selectError);
  if (failed) {
    return (
      <UploadFailed
        message={`Nothing was added: ${error}`}
        retry="Check again"
        onRetry={() => upload.send({ type: 'apply.back' })}
        onStartOver={() => upload.send({ type: 'upload.clear' })}
      />
    );
  }
  if (!done) return null;
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Done">
      <UploadSummary color={done.taken > 0 ? 'green' : 'amber'} label="Response">
        {done.msg} Import #{done.import_id} of {done.file_name} from {done.source_name} ({distributorLabel(done.dist)}).
      </UploadSummary>
      <UploadReasons label="Why rows were not added" counts={reasonCounts(done.report)} />
      <Rows caption="Rows not added" rows={firstRows(done.report)} total={done.report.length} />
      <Flex gap="2">
        {done.report.length > 0 && (
          <Button variant="soft" color="gray" onClick={() => downloadReport(done.file_name, done.report)}>
            {REPORT_DOWNLOAD}
          </Button>
        )}
        <Button onClick={() => upload.send({ type: 'upload.clear' })}>Upload another file</Button>
      </Flex>
    </Flex>
  );
}

function Imports() {
  const upload = OtherSourceUploadCtx.useActorRef();
  const imports = OtherSourceUploadCtx.useSelector(selectImports);
  const loading = OtherSourceUploadCtx.useSelector(selectLoadingImports);
  const error = OtherSourceUploadCtx.useSelector(selectImportsError);
  const choosing = OtherSourceUploadCtx.useSelector(selectChoosing);
  return (
    <Card role="region" aria-labelledby="other-source-imports-heading">
      <Flex direction="column" gap="2">
        <Heading as="h3" size="3" id="other-source-imports-heading">
          Latest imports
        </Heading>
        {loading && <UploadProgress>Loading the latest imports…</UploadProgress>}
        {!loading && error && (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>The imports could not be loaded: {error}</Callout.Text>
            {choosing && (
              <Box>
                <Button size="1" variant="soft" onClick={() => upload.send({ type: 'imports.reload' })}>
                  Load again
                </Button>
              </Box>
            )}
          </Callout.Root>
        )}
        {!loading && !error && choosing && (
          <Box>
            <Button size="1" variant="soft" color="gray" onClick={() => upload.send({ type: 'imports.reload' })}>
              Refresh
            </Button>
          </Box>
        )}
        {!loading && imports?.length === 0 && (
          <Text size="2" color="gray">
            No file has been imported yet.
          </Text>
        )}
        {!loading && imports && imports.length > 0 && (
          <Table.Root size="1" variant="surface">
            <TableCaption>Latest imports</TableCaption>
            <Table.Header>
              <Table.Row>
                {['#', 'When', 'File', 'Source', 'Distributor', 'Added', 'Skipped', 'Refused', 'By'].map((h) => (
                  <Table.ColumnHeaderCell key={h}>{h}</Table.ColumnHeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {imports.map((i) => (
                <Table.Row key={i.id}>
                  <Table.RowHeaderCell>{i.id}</Table.RowHeaderCell>
                  <Table.Cell>{timeText(i.created_at)}</Table.Cell>
                  <Table.Cell style={{ overflowWrap: 'anywhere' }}>{i.file_name}</Table.Cell>
                  <Table.Cell>{i.source_name}</Table.Cell>
                  <Table.Cell>{distributorLabel(i.dist)}</Table.Cell>
                  <Table.Cell>{countText(i.taken)}</Table.Cell>
                  <Table.Cell>{countText(i.skipped)}</Table.Cell>
                  <Table.Cell>{countText(i.refused)}</Table.Cell>
                  <Table.Cell>{i.created_by}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        {imports && imports.length >= IMPORTS_PAGE_SIZE && (
          <Text size="1" color="gray">
            The {imports.length} latest imports.
          </Text>
        )}
      </Flex>
    </Card>
  );
}
