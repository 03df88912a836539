// The file step: the CSV input with its hint (spec §2), what the worker read (identifiers, the
// header skipped, the rows not taken by number, the first of them listed and all downloadable),
// or why the file was refused whole.
import { Box, Button, Callout, Flex, Table, Text } from '@radix-ui/themes';
import { useRef } from 'react';
import {
  selectFileName,
  selectParsing,
  selectRefusal,
  selectRefused,
  selectTagsLocked,
  selectUpload,
} from '../../machines/bulk-tag-upload/bulk-tag-upload.selectors';
import type { ParsedUpload } from '../../machines/shared/file-read';
import { TableCaption } from '../shared/table-caption';
import { BulkTagUploadCtx } from './bulk-tag-upload-context';
import { countText } from '../../domain/format';

export const FILE_HINT = "Upload CSV of User's email or username or user_id.";
export const FILE_LABEL = 'Users CSV';
export const PROBLEMS_DOWNLOAD = 'Download rows not taken (CSV)';

export const plural = (x: number, one: string, many: string) => `${countText(x)} ${x === 1 ? one : many}`;

/** What the file held, in one sentence. */
export function readSentence(u: ParsedUpload): string {
  const header = u.header === null ? '' : `; its first row (${u.header}) is a header and was skipped`;
  const problems = u.problemCount === 0 ? '' : `; ${plural(u.problemCount, 'row was', 'rows were')} not taken`;
  return `${u.fileName}: ${plural(u.values.length, 'identifier', 'identifiers')} read${header}${problems}.`;
}

function RowsNotTaken({ upload }: { upload: ParsedUpload }) {
  const bulk = BulkTagUploadCtx.useActorRef();
  return (
    <Flex direction="column" gap="2">
      {/* Up to PROBLEMS_SHOWN rows: scrolled in a bounded box, so the tags and the dry run stay near. */}
      <Box style={{ maxHeight: 280, overflowY: 'auto' }}>
        <Table.Root size="1" variant="surface">
          <TableCaption>Rows not taken</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Value</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Reason</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {upload.problems.map((p) => (
              <Table.Row key={p.row}>
                <Table.RowHeaderCell>{p.row}</Table.RowHeaderCell>
                <Table.Cell style={{ overflowWrap: 'anywhere' }}>{p.value}</Table.Cell>
                <Table.Cell>{p.reason}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Flex gap="3" align="center" wrap="wrap">
        {upload.problemCount > upload.problems.length && (
          <Text size="1" color="gray">
            The first {upload.problems.length} of {countText(upload.problemCount)} rows; the download holds them all.
          </Text>
        )}
        <Button type="button" size="1" variant="soft" onClick={() => bulk.send({ type: 'problems.download' })}>
          {PROBLEMS_DOWNLOAD}
        </Button>
      </Flex>
    </Flex>
  );
}

export function UploadFile() {
  const bulk = BulkTagUploadCtx.useActorRef();
  const input = useRef<HTMLInputElement>(null);
  const parsing = BulkTagUploadCtx.useSelector(selectParsing);
  const locked = BulkTagUploadCtx.useSelector(selectTagsLocked);
  const refused = BulkTagUploadCtx.useSelector(selectRefused);
  const refusal = BulkTagUploadCtx.useSelector(selectRefusal);
  const fileName = BulkTagUploadCtx.useSelector(selectFileName);
  const upload = BulkTagUploadCtx.useSelector(selectUpload);
  return (
    <Flex direction="column" gap="2" role="group" aria-label="Users">
      <label>
        <Text as="div" size="2" weight="medium" mb="1">
          {FILE_LABEL}
        </Text>
        <input
          ref={input}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          disabled={locked}
          aria-describedby="bulk-tag-file-hint"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // The same file may be chosen again after it changed on disk.
            e.currentTarget.value = '';
            if (file) bulk.send({ type: 'file.choose', file });
          }}
        />
      </label>
      <Text id="bulk-tag-file-hint" size="1" color="gray">
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
            <Button size="1" variant="soft" color="gray" onClick={() => bulk.send({ type: 'upload.clear' })}>
              Start over
            </Button>
          </Box>
        </Callout.Root>
      )}
      {upload && (
        <Flex direction="column" gap="2" role="region" aria-label="File read">
          <Flex gap="3" align="center" justify="between" wrap="wrap">
            <Text size="2" role="status">
              {readSentence(upload)}
            </Text>
            {!locked && !refused && (
              <Button
                type="button"
                size="1"
                variant="soft"
                color="gray"
                onClick={() => bulk.send({ type: 'upload.clear' })}
              >
                Start over
              </Button>
            )}
          </Flex>
          {upload.problemCount > 0 && <RowsNotTaken upload={upload} />}
        </Flex>
      )}
    </Flex>
  );
}
