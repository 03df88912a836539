// What applying would do (bulk_edit_user_new/): how many users change, how many already hold the
// values, which identifiers matched nobody, and a sample of the users that change.
import { Button, Flex, Table, Text } from '@radix-ui/themes';
import type { BulkField } from '../../domain/user-fields';
import { optionLabel } from '../../domain/user-labels';
import { selectApplying, selectCanApply, selectChanges, selectFields, selectPreview } from './bulk-edit.selectors';
import type { BulkValue, PreviewData } from './bulk-edit.types';
import { BulkEditCtx } from './bulk-edit-context';
import { TableCaption } from '../../ui/shared/table-caption';
import { countText } from '../../domain/format';
import { UploadSummary } from '../../ui/shared/upload-outcome';
import { plural } from '../../ui/shared/upload-words';
import { TableHead } from '../../ui/shared/table-head';

/** "N users will change, M already have these values, K identifiers matched nobody" (and who is out of reach). */
export function previewSentence(
  p: Pick<PreviewData, 'changing' | 'unchanged' | 'unmatched'> & { refused?: number },
): string {
  const refused = p.refused
    ? `, ${countText(p.refused)} ${p.refused === 1 ? 'staff account holds' : 'staff accounts hold'} permissions you do not hold and will be left as ${p.refused === 1 ? 'it is' : 'they are'}`
    : '';
  return (
    `${plural(p.changing, 'user')} will change, ${countText(p.unchanged)} already ${p.unchanged === 1 ? 'has' : 'have'} these values, ` +
    `${plural(p.unmatched.length, 'identifier')} matched nobody${refused}`
  );
}

/** On/Off, a choice by its label; a date as typed. */
export function valueText(field: BulkField | undefined, value: BulkValue): string {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  return field?.type.kind === 'choice' ? optionLabel(value) : value;
}

export function changesText(fields: readonly BulkField[], changes: Record<string, BulkValue>): string {
  return Object.entries(changes)
    .map(([k, v]) => {
      const field = fields.find((f) => f.key === k);
      return `${field?.label ?? k}: ${valueText(field, v)}`;
    })
    .join(' · ');
}

export function BulkPreview() {
  const bulk = BulkEditCtx.useActorRef();
  const preview = BulkEditCtx.useSelector(selectPreview);
  const fields = BulkEditCtx.useSelector(selectFields);
  const changes = BulkEditCtx.useSelector(selectChanges);
  const applying = BulkEditCtx.useSelector(selectApplying);
  const canApply = BulkEditCtx.useSelector(selectCanApply);
  if (!preview) return null;

  return (
    <Flex direction="column" gap="3">
      <UploadSummary>{previewSentence(preview)}</UploadSummary>
      <Text size="2">
        <Text weight="medium">Setting</Text> {changesText(fields, changes)}
      </Text>
      {preview.unmatched.length > 0 && (
        <Text size="2" color="red">
          Matched nobody: {preview.unmatched.slice(0, 20).join(', ')}
          {preview.unmatched.length > 20 ? ` and ${countText(preview.unmatched.length - 20)} more` : ''}
        </Text>
      )}
      {preview.sample.length > 0 && (
        <Table.Root size="1" variant="surface">
          <TableCaption>Users that will change (sample)</TableCaption>
          <TableHead columns={['User id', 'Username', 'Name', 'Email', 'Organization']} />
          <Table.Body>
            {preview.sample.map((u) => (
              <Table.Row key={u.id}>
                <Table.RowHeaderCell>{u.id}</Table.RowHeaderCell>
                <Table.Cell>{u.username}</Table.Cell>
                <Table.Cell>
                  {u.first_name} {u.last_name}
                </Table.Cell>
                <Table.Cell>{u.email}</Table.Cell>
                <Table.Cell>{u.organization ?? ''}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Flex justify="end" gap="3">
        <Button variant="soft" color="gray" disabled={applying} onClick={() => bulk.send({ type: 'bulk.back' })}>
          Back
        </Button>
        <Button disabled={!canApply || applying} loading={applying} onClick={() => bulk.send({ type: 'bulk.apply' })}>
          Apply
        </Button>
      </Flex>
    </Flex>
  );
}
