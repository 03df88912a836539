// Choosing the fields to set and their values (spec §3 bulk-editable fields), named as on every
// user screen (domain/user-labels.ts). Only the fields this session may set are listed; a ticked
// field's value is sent to every selected user.
import { Button, Checkbox, Flex, RadioGroup, Table, Text } from '@radix-ui/themes';
import type { BulkField } from '../../domain/user-fields';
import { optionLabel } from '../../domain/user-labels';
import type { BulkValue } from './bulk-edit.types';
import { selectBusy, selectChanges, selectChangesProblem, selectFields, selectPreviewing } from './bulk-edit.selectors';
import { ExpiryPicker } from '../../ui/expiry-picker/expiry-picker';
import { BulkEditCtx } from './bulk-edit-context';
import { TableCaption } from '../../ui/shared/table-caption';
import { TableHead } from '../../ui/shared/table-head';

function ValueInput({
  field,
  value,
  disabled,
  onChange,
}: {
  field: BulkField;
  value: BulkValue | undefined;
  disabled: boolean;
  onChange(v: BulkValue): void;
}) {
  const label = `${field.label} value`;
  switch (field.type.kind) {
    case 'bool':
      return (
        <RadioGroup.Root
          aria-label={label}
          value={value === undefined ? '' : value ? 'on' : 'off'}
          disabled={disabled}
          onValueChange={(v) => onChange(v === 'on')}
        >
          <Flex gap="3">
            <RadioGroup.Item value="on">On</RadioGroup.Item>
            <RadioGroup.Item value="off">Off</RadioGroup.Item>
          </Flex>
        </RadioGroup.Root>
      );
    case 'date':
      return (
        <ExpiryPicker
          label={label}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'choice':
      return (
        <RadioGroup.Root
          aria-label={label}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          onValueChange={(v) => onChange(v)}
        >
          <Flex gap="3">
            {field.type.options.map((o) => (
              <RadioGroup.Item key={o} value={o}>
                {optionLabel(o)}
              </RadioGroup.Item>
            ))}
          </Flex>
        </RadioGroup.Root>
      );
  }
}

export function BulkFieldsForm({ onCancel }: { onCancel(): void }) {
  const bulk = BulkEditCtx.useActorRef();
  const fields = BulkEditCtx.useSelector(selectFields);
  const changes = BulkEditCtx.useSelector(selectChanges);
  const problem = BulkEditCtx.useSelector(selectChangesProblem);
  const busy = BulkEditCtx.useSelector(selectBusy);
  const previewing = BulkEditCtx.useSelector(selectPreviewing);
  const anyTicked = Object.keys(changes).length > 0;

  return (
    <Flex direction="column" gap="3">
      <Table.Root size="1" variant="surface">
        <TableCaption>Fields to set</TableCaption>
        <TableHead columns={['Field', 'New value']} />
        <Table.Body>
          {fields.map((field) => {
            const ticked = field.key in changes;
            return (
              <Table.Row key={field.key}>
                <Table.RowHeaderCell>
                  <Text as="label" size="2">
                    <Flex gap="2" align="center">
                      <Checkbox
                        checked={ticked}
                        disabled={busy}
                        aria-label={`Set ${field.label}`}
                        onCheckedChange={(on) => bulk.send({ type: 'field.toggle', key: field.key, on: on === true })}
                      />
                      {field.label}
                    </Flex>
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell>
                  <ValueInput
                    field={field}
                    value={changes[field.key]}
                    disabled={!ticked || busy}
                    onChange={(value) => bulk.send({ type: 'field.value', key: field.key, value })}
                  />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {anyTicked && problem && (
        <Text size="2" color="red" role="note">
          {problem}
        </Text>
      )}
      <Flex justify="end" gap="3">
        <Button variant="soft" color="gray" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          disabled={problem !== null || busy}
          loading={previewing}
          onClick={() => bulk.send({ type: 'bulk.preview' })}
        >
          Preview
        </Button>
      </Flex>
    </Flex>
  );
}
