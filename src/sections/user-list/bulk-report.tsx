// The report of an applied bulk edit: counts, the first rows, and the whole of it as a CSV the
// browser builds.
import { Button, Flex, Table, Text } from '@radix-ui/themes';
import { changedLabels } from './bulk-edit.report';
import { REPORT_ROWS_SHOWN, selectFields, selectReport, selectReportRows } from './bulk-edit.selectors';
import type { ReportData } from './bulk-edit.types';
import { BulkEditCtx } from './bulk-edit-context';
import { TableCaption } from '../../ui/shared/table-caption';
import { countText } from '../../domain/format';
import { REPORT_DOWNLOAD } from '../../ui/shared/upload-buttons';
import { UploadSummary } from '../../ui/shared/upload-outcome';
import { plural } from '../../ui/shared/upload-words';
import { TableHead } from '../../ui/shared/table-head';

export function reportSentence(
  r: Pick<ReportData, 'updated' | 'unchanged' | 'unmatched'> & { refused?: number },
): string {
  const refused = r.refused
    ? ` ${countText(r.refused)} ${r.refused === 1 ? 'staff account was' : 'staff accounts were'} left as they were: they hold permissions you do not hold.`
    : '';
  return (
    `Updated ${plural(r.updated, 'user')}; ${countText(r.unchanged)} already had these values; ` +
    `${plural(r.unmatched.length, 'identifier')} matched nobody.${refused}`
  );
}

export function BulkReport({ onClose }: { onClose(): void }) {
  const bulk = BulkEditCtx.useActorRef();
  const report = BulkEditCtx.useSelector(selectReport);
  const rows = BulkEditCtx.useSelector(selectReportRows);
  const fields = BulkEditCtx.useSelector(selectFields);
  if (!report) return null;

  return (
    <Flex direction="column" gap="3">
      <UploadSummary>{reportSentence(report)}</UploadSummary>
      <Table.Root size="1" variant="surface">
        <TableCaption>Result per user</TableCaption>
        <TableHead columns={['User id', 'Username', 'Result', 'Changed']} />
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id}>
              <Table.RowHeaderCell>{r.id}</Table.RowHeaderCell>
              <Table.Cell>{r.username}</Table.Cell>
              <Table.Cell>{r.reason ? `${r.result}: ${r.reason}` : r.result}</Table.Cell>
              <Table.Cell>{changedLabels(fields, r.changed)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {report.results.length > REPORT_ROWS_SHOWN && (
        <Text size="1" color="gray">
          The first {REPORT_ROWS_SHOWN} of {countText(report.results.length)} users; the report holds them all.
        </Text>
      )}
      <Flex justify="end" gap="3">
        <Button variant="soft" onClick={() => bulk.send({ type: 'report.download' })}>
          {REPORT_DOWNLOAD}
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Flex>
    </Flex>
  );
}
