// "Upload CSV of emails, usernames or user ids" (bulk_edit_upload): a file refused whole says why;
// a file with rows not taken (or matching nobody) shows its per-row report, downloadable, before
// its matches replace the selection; a file whose every row matched replaces it at once.
import { Box, Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useRef } from 'react';
import {
  UPLOAD_REPORT_ROWS_SHOWN,
  selectBusy,
  selectCanUpload,
  selectChoosing,
  selectPreviewing,
  selectUpload,
  selectUploadRefusal,
  selectUploadRefused,
  selectUploadReport,
  selectUploading,
} from './bulk-edit.selectors';
import type { UploadSummary } from './bulk-edit.types';
import { BulkEditCtx } from './bulk-edit-context';
import { onFileChosen, UploadRefused } from '../../ui/shared/upload-file-input';
import { REASON_COLUMN, UploadRows } from '../../ui/shared/upload-rows';
import { plural } from '../../ui/shared/upload-words';
import { HIDDEN } from '../../ui/shared/visually-hidden';

export const UPLOAD_LABEL = 'Upload CSV of emails, usernames or user ids';
export const UPLOAD_REPORT_DOWNLOAD = 'Download upload report (CSV)';
export const KEEP_SELECTION = 'Keep the current selection';

/** What the file held, in one sentence. */
export function uploadSentence(u: UploadSummary): string {
  const header = u.header === null ? '' : `; its first row (${u.header}) was read as the header and skipped`;
  return `${u.fileName}: ${plural(u.rows, 'row')} read${header}; ${plural(u.matched, 'identifier')} matched a user.`;
}

function UploadReport({ upload }: { upload: UploadSummary }) {
  const bulk = BulkEditCtx.useActorRef();
  return (
    <Flex direction="column" gap="2" mt="2" role="region" aria-label="Upload report">
      <Text size="2" role="status">
        {uploadSentence(upload)}
      </Text>
      {upload.matched === 0 && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>No user matched the identifiers of the file; the selection is unchanged.</Callout.Text>
        </Callout.Root>
      )}
      <Text size="2" color="red">
        {plural(upload.report.length, 'row was', 'rows were')} not taken:
      </Text>
      <UploadRows
        caption="Rows not taken"
        rows={upload.report.slice(0, UPLOAD_REPORT_ROWS_SHOWN)}
        total={upload.report.length}
        columns={[REASON_COLUMN]}
        held="the report holds them all"
      />
      <Flex justify="end" gap="3" wrap="wrap">
        <Button type="button" variant="soft" onClick={() => bulk.send({ type: 'upload.report.download' })}>
          {UPLOAD_REPORT_DOWNLOAD}
        </Button>
        <Button type="button" variant="soft" color="gray" onClick={() => bulk.send({ type: 'upload.dismiss' })}>
          {KEEP_SELECTION}
        </Button>
        {upload.matched > 0 && (
          <Button type="button" onClick={() => bulk.send({ type: 'upload.accept' })}>
            Use the {plural(upload.matched, 'matched user', 'matched users')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

export function BulkUpload() {
  const bulk = BulkEditCtx.useActorRef();
  const canUpload = BulkEditCtx.useSelector(selectCanUpload);
  const busy = BulkEditCtx.useSelector(selectBusy);
  const choosing = BulkEditCtx.useSelector(selectChoosing);
  const uploading = BulkEditCtx.useSelector(selectUploading);
  const previewing = BulkEditCtx.useSelector(selectPreviewing);
  const reviewing = BulkEditCtx.useSelector(selectUploadReport);
  const refused = BulkEditCtx.useSelector(selectUploadRefused);
  const refusal = BulkEditCtx.useSelector(selectUploadRefusal);
  const upload = BulkEditCtx.useSelector(selectUpload);
  const input = useRef<HTMLInputElement>(null);
  if (!canUpload || !(choosing || uploading || previewing || reviewing || refused)) return null;

  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        aria-label={UPLOAD_LABEL}
        style={HIDDEN}
        disabled={busy || reviewing}
        onChange={onFileChosen((file) => bulk.send({ type: 'upload.file', file }))}
      />
      {!reviewing && (
        <Button type="button" variant="soft" loading={uploading} disabled={busy} onClick={() => input.current?.click()}>
          {refused ? 'Choose another file' : UPLOAD_LABEL}
        </Button>
      )}
      {refused && (
        <Flex direction="column" gap="2" mt="2">
          <UploadRefused fileName={null} refusal={refusal} />
          <Flex justify="end">
            <Button type="button" variant="soft" color="gray" onClick={() => bulk.send({ type: 'upload.dismiss' })}>
              {KEEP_SELECTION}
            </Button>
          </Flex>
        </Flex>
      )}
      {reviewing && upload && <UploadReport upload={upload} />}
      {!reviewing && !refused && upload && (
        <Flex direction="column" gap="1" mt="2" role="status" aria-label="Upload result">
          <Text size="2">
            {plural(upload.matched, 'identifier')} of {upload.fileName} matched a user.
          </Text>
          {upload.report.length > 0 && (
            <Text size="2" color="red">
              {plural(upload.report.length, 'row was', 'rows were')} not taken.
            </Text>
          )}
        </Flex>
      )}
    </Box>
  );
}
