// One audit entry's change, field by field (decision 062): what it was and what it became, in
// the words the server gave (labels, not column names; secrets read '(hidden)'), each record it
// names linked to its screen (decision 094).
import { Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { AuditChange } from '../../domain/audit-log';
import { TableHead } from '../../ui/shared/table-head';
import { ChangeSide } from './record-link';

export function ChangesTable({ changes, caption }: { changes: AuditChange[]; caption: string }) {
  if (changes.length === 0)
    return (
      <Text as="p" size="2" color="gray">
        No field changed in this entry.
      </Text>
    );
  return (
    <Table.Root size="1" variant="ghost" aria-label={caption}>
      <VisuallyHidden asChild>
        <caption>{caption}</caption>
      </VisuallyHidden>
      <TableHead columns={['Field', 'Before', 'After']} />
      <Table.Body>
        {changes.map((c) => (
          <Table.Row key={c.field} aria-label={c.label}>
            <Table.RowHeaderCell>{c.label}</Table.RowHeaderCell>
            <Table.Cell style={{ wordBreak: 'break-word' }}>
              {c.before === null ? (
                <Text color="gray">(not set)</Text>
              ) : (
                <ChangeSide text={c.before} refs={c.before_refs} />
              )}
            </Table.Cell>
            <Table.Cell style={{ wordBreak: 'break-word' }}>
              {c.after === null ? (
                <Text color="gray">(removed)</Text>
              ) : (
                <ChangeSide text={c.after} refs={c.after_refs} />
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** 'Nov 28, 2026, 2:41:07 AM' in the browser's time zone. */
