// Someone else saved the user after the person opened it: nothing was written. Who, when, and
// field by field what changed, beside the person's own unsaved value; then review their version
// (own edits re-applied where the other save left a field alone) or cancel.
import { Button, Callout, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { selectConflict } from '../../machines/user-edit/user-edit.selectors';
import { timeText } from '../../domain/format';
import { UserEditCtx } from './user-edit-context';

export function ConflictPanel() {
  const edit = UserEditCtx.useActorRef();
  const conflict = UserEditCtx.useSelector(selectConflict);
  if (!conflict) return null;
  return (
    <Callout.Root color="red" role="alert" aria-label="Saved by someone else">
      <Flex direction="column" gap="3">
        <Callout.Text>
          {conflict.updatedBy ?? 'Someone'} saved this user at {timeText(conflict.updatedAt)}, after you opened it. Nothing of yours was
          saved. This is what they changed:
        </Callout.Text>
        <Table.Root size="1" variant="surface">
          <VisuallyHidden asChild><caption>What changed</caption></VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Field</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>When you opened it</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Stored now</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Your unsaved value</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {conflict.rows.map((row) => (
              <Table.Row key={row.key}>
                <Table.RowHeaderCell>{row.label}</Table.RowHeaderCell>
                <Table.Cell>{row.opened}</Table.Cell>
                <Table.Cell>{row.stored}</Table.Cell>
                <Table.Cell>{row.yours}{row.clash && <Text color="red"> (also changed by you: the stored value will stay)</Text>}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <Flex gap="2" justify="end">
          <Button variant="soft" color="gray" onClick={() => edit.send({ type: 'conflict.cancel' })}>Cancel</Button>
          <Button onClick={() => edit.send({ type: 'conflict.review' })}>Review their version</Button>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
