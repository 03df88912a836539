// Step two, several people (spec §2, bulk_user_creation): rows typed in a table, or read from CSV
// (uploaded or pasted; header row first_name,last_name,email[,username,password,phone]). Each row
// shows its own errors.
import {
  Box,
  Button,
  Callout,
  Flex,
  IconButton,
  Table,
  Text,
  TextArea,
  TextField,
  VisuallyHidden,
} from '@radix-ui/themes';
import { useState } from 'react';
import type { UserField } from './user-create.types';
import { selectCsv, selectRowErrors, selectRows } from './user-create.selectors';
import { maxLengthOf } from '../../ui/form/limits';
import { UserCreateCtx } from './user-create-context';
import { HiddenCaption } from '../../ui/shared/table-caption';

const COLUMNS: { field: UserField; label: string; type?: 'email' | 'password' | 'tel' }[] = [
  { field: 'first_name', label: 'First name' },
  { field: 'last_name', label: 'Last name' },
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'username', label: 'Username' },
  { field: 'password', label: 'Password', type: 'password' },
  { field: 'phone', label: 'Phone', type: 'tel' },
];

export function BulkRows({ disabled }: { disabled: boolean }) {
  const create = UserCreateCtx.useActorRef();
  const rows = UserCreateCtx.useSelector(selectRows);
  const errors = UserCreateCtx.useSelector(selectRowErrors);
  const csv = UserCreateCtx.useSelector(selectCsv);
  // What is pasted stays in the box until it is read: typing, not data.
  const [pasted, setPasted] = useState('');

  return (
    <Flex direction="column" gap="3">
      <Table.Root size="1" variant="surface">
        {/* The table's name (Radix puts a Root's props on its wrapper, not on the table). */}
        <HiddenCaption>Users to create</HiddenCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>#</Table.ColumnHeaderCell>
            {COLUMNS.map((c) => (
              <Table.ColumnHeaderCell key={c.field}>{c.label}</Table.ColumnHeaderCell>
            ))}
            <Table.ColumnHeaderCell>
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            <Table.Row key={i} aria-label={`Row ${i + 1}`}>
              <Table.RowHeaderCell>{i + 1}</Table.RowHeaderCell>
              {COLUMNS.map(({ field, label, type }) => {
                const error = errors[i]?.[field];
                const id = `create-row-${i}-${field}`;
                return (
                  <Table.Cell key={field}>
                    <TextField.Root
                      id={id}
                      size="1"
                      type={type}
                      autoComplete={type === 'password' ? 'new-password' : 'off'}
                      aria-label={`Row ${i + 1} ${label.toLowerCase()}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      value={row[field]}
                      maxLength={maxLengthOf(field)}
                      disabled={disabled}
                      onChange={(e) => create.send({ type: 'row.change', index: i, field, value: e.target.value })}
                    />
                    {error && (
                      <Text as="p" id={`${id}-error`} size="1" color="red" mt="1">
                        {error}
                      </Text>
                    )}
                  </Table.Cell>
                );
              })}
              <Table.Cell>
                <IconButton
                  type="button"
                  size="1"
                  variant="ghost"
                  color="gray"
                  aria-label={`Remove row ${i + 1}`}
                  disabled={disabled}
                  onClick={() => create.send({ type: 'row.remove', index: i })}
                >
                  ×
                </IconButton>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Flex gap="3" align="center" wrap="wrap">
        <Button type="button" variant="soft" disabled={disabled} onClick={() => create.send({ type: 'row.add' })}>
          Add row
        </Button>
        <Button type="button" variant="soft" disabled={disabled} asChild>
          <label>
            Upload CSV
            <input
              type="file"
              accept=".csv,text/csv"
              hidden
              disabled={disabled}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void file.text().then((text) => create.send({ type: 'csv.load', text, source: file.name }));
              }}
            />
          </label>
        </Button>
      </Flex>
      <Box>
        <Text as="label" htmlFor="create-paste" size="2" weight="medium" mb="1" style={{ display: 'block' }}>
          Paste CSV
        </Text>
        <TextArea
          id="create-paste"
          rows={3}
          disabled={disabled}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          placeholder={'first_name,last_name,email,username,password,phone\nAda,Lovelace,ada@example.com,,,'}
        />
        <Flex justify="end" mt="2">
          <Button
            type="button"
            variant="soft"
            disabled={disabled || !pasted.trim()}
            onClick={() => {
              create.send({ type: 'csv.load', text: pasted, source: 'the pasted text' });
            }}
          >
            Read pasted rows
          </Button>
        </Flex>
      </Box>
      {csv &&
        (csv.error ? (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>
              {csv.source}: {csv.error}
            </Callout.Text>
          </Callout.Root>
        ) : (
          <Callout.Root color="blue" role="status" size="1">
            <Callout.Text>
              Read {csv.rows} {csv.rows === 1 ? 'row' : 'rows'} from {csv.source}. Columns recognised:{' '}
              {csv.recognised.join(', ')}.{csv.ignored.length > 0 && ` Ignored: ${csv.ignored.join(', ')}.`}
            </Callout.Text>
          </Callout.Root>
        ))}
    </Flex>
  );
}
