// The file step: the CSV input with its hint (spec §2), what the worker read (identifiers, the
// header skipped, the rows not taken by number, the first of them listed and all downloadable),
// or why the file was refused whole.
import { Flex, Text } from '@radix-ui/themes';
import {
  selectFileName,
  selectParsing,
  selectRefusal,
  selectRefused,
  selectTagsLocked,
  selectUpload,
} from './bulk-tag-upload.selectors';
import type { ParsedUpload } from '../../machines/shared/file-read';
import { DownloadButton, ROWS_NOT_TAKEN_DOWNLOAD, StartOverButton } from '../../ui/shared/upload-buttons';
import { UploadFileInput, UploadReading, UploadRefused } from '../../ui/shared/upload-file-input';
import { REASON_COLUMN, UploadRows } from '../../ui/shared/upload-rows';
import { plural } from '../../ui/shared/upload-words';
import { BulkTagUploadCtx } from './bulk-tag-upload-context';

export const FILE_HINT = "Upload CSV of User's email or username or user_id.";
export const FILE_LABEL = 'Users CSV';
export const PROBLEMS_DOWNLOAD = ROWS_NOT_TAKEN_DOWNLOAD;

/** What the file held, in one sentence. */
export function readSentence(u: ParsedUpload): string {
  const header = u.header === null ? '' : `; its first row (${u.header}) is a header and was skipped`;
  const problems = u.problemCount === 0 ? '' : `; ${plural(u.problemCount, 'row was', 'rows were')} not taken`;
  return `${u.fileName}: ${plural(u.values.length, 'identifier')} read${header}${problems}.`;
}

export function UploadFile() {
  const bulk = BulkTagUploadCtx.useActorRef();
  const parsing = BulkTagUploadCtx.useSelector(selectParsing);
  const locked = BulkTagUploadCtx.useSelector(selectTagsLocked);
  const refused = BulkTagUploadCtx.useSelector(selectRefused);
  const refusal = BulkTagUploadCtx.useSelector(selectRefusal);
  const fileName = BulkTagUploadCtx.useSelector(selectFileName);
  const upload = BulkTagUploadCtx.useSelector(selectUpload);
  const startOver = () => bulk.send({ type: 'upload.clear' });
  return (
    <Flex direction="column" gap="2" role="group" aria-label="Users">
      <UploadFileInput
        id="bulk-tag-file-hint"
        label={FILE_LABEL}
        hint={FILE_HINT}
        disabled={locked}
        onChoose={(file) => bulk.send({ type: 'file.choose', file })}
      />
      {parsing && <UploadReading fileName={fileName} />}
      {refused && (
        <UploadRefused fileName={fileName} refusal={refusal}>
          <StartOverButton onClick={startOver} />
        </UploadRefused>
      )}
      {upload && (
        <Flex direction="column" gap="2" role="region" aria-label="File read">
          <Flex gap="3" align="center" justify="between" wrap="wrap">
            <Text size="2" role="status">
              {readSentence(upload)}
            </Text>
            {!locked && !refused && <StartOverButton onClick={startOver} />}
          </Flex>
          {/* Up to PROBLEMS_SHOWN rows: scrolled in a bounded box, so the tags and the dry run stay near. */}
          <UploadRows
            caption="Rows not taken"
            rows={upload.problems}
            total={upload.problemCount}
            columns={[REASON_COLUMN]}
            held="the download holds them all"
          >
            <DownloadButton label={PROBLEMS_DOWNLOAD} onClick={() => bulk.send({ type: 'problems.download' })} />
          </UploadRows>
        </Flex>
      )}
    </Flex>
  );
}
