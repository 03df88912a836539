// Someone else saved (or reset) this account's settings after it was opened: nothing was written.
// Who, when, and field by field what changed, beside the person's own unsaved value; then review
// their version (own changes kept where the other save left a field alone) or take theirs.
import { Button, Callout, Flex, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { selectConflict } from '../../machines/account-settings/account-settings.selectors';
import { timeText } from '../../domain/format';
import { AccountSettingsCtx } from './account-settings-context';

export function ConflictPanel() {
  const actor = AccountSettingsCtx.useActorRef();
  const conflict = AccountSettingsCtx.useSelector(selectConflict);
  if (!conflict) return null;
  return (
    <Callout.Root color="red" role="alert" aria-label="Saved by someone else">
      <Flex direction="column" gap="3">
        <Callout.Text>
          {conflict.msg}{conflict.updatedAt ? ` (${timeText(conflict.updatedAt)})` : ''} Nothing of yours was saved.{' '}
          {conflict.rows.length ? 'This is what they changed:' : 'They changed nothing you can see here.'}
        </Callout.Text>
        {conflict.rows.length > 0 && (
          <Table.Root size="1" variant="surface">
            <VisuallyHidden asChild><caption>What they changed</caption></VisuallyHidden>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Setting</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>When you opened it</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Stored now</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Your unsaved value</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {conflict.rows.map((row) => (
                <Table.Row key={row.field} aria-label={row.label}>
                  <Table.RowHeaderCell>{row.label}</Table.RowHeaderCell>
                  <Table.Cell>{row.opened}</Table.Cell>
                  <Table.Cell>{row.stored}</Table.Cell>
                  <Table.Cell>{row.yours}{row.clash && <Text color="red"> (also changed by you: the stored value will stay)</Text>}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Flex gap="2" justify="end">
          <Button variant="soft" color="gray" onClick={() => actor.send({ type: 'conflict.cancel' })}>Take their version</Button>
          <Button onClick={() => actor.send({ type: 'conflict.review' })}>Review their version with my changes</Button>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
