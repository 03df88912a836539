// What one staff member ends up able to do: each permission and the roles granting it, and their
// administrator privileges, which are set per person in their user record (shown here only).
import { Button, Callout, Dialog, Flex, Table, Text } from '@radix-ui/themes';
import { featureLabel } from '../../domain/feature-labels';
import { ADMIN_PRIVILEGES, ADMIN_PRIVILEGE_LABELS } from '../../domain/user-fields';
import { selectError, selectReach, selectReachOpen, selectReachReading } from './roles.selectors';
import { HiddenCaption } from '../../ui/shared/record-table';
import { RolesCtx } from './roles-context';
import { TableHead } from '../../ui/shared/table-head';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

export function ReachDialog() {
  const editor = RolesCtx.useActorRef();
  const open = RolesCtx.useSelector(selectReachOpen);
  const reading = RolesCtx.useSelector(selectReachReading);
  const reach = RolesCtx.useSelector(selectReach);
  const error = RolesCtx.useSelector(selectError);
  const { onCloseAutoFocus } = useDialogFocus(open);
  if (!open) return null;
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !reading && editor.send({ type: 'reach.close' })}>
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="560px">
        <Dialog.Title>{reach ? `What ${reach.user.username} can do` : 'What this person can do'}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Every permission their roles give them, and through which role.
        </Dialog.Description>
        {reading && (
          <Text size="2" color="gray" role="status">
            Reading…
          </Text>
        )}
        {error && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        {reach && (
          <Flex direction="column" gap="3">
            {reach.features.length === 0 ? (
              <Text size="2">No role gives them anything.</Text>
            ) : (
              <Table.Root size="1">
                <HiddenCaption>Their permissions</HiddenCaption>
                <TableHead columns={['Permission', 'Through']} />
                <Table.Body>
                  {reach.features.map((f) => (
                    <Table.Row key={f.key} aria-label={featureLabel(f.key)}>
                      <Table.RowHeaderCell>{featureLabel(f.key)}</Table.RowHeaderCell>
                      <Table.Cell>{f.roles.join(', ')}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
            <Text as="p" size="2" aria-label="Administrator privileges">
              Administrator privileges (set in their user record):{' '}
              {ADMIN_PRIVILEGES.filter((k) => reach.privileges[k])
                .map((k) => ADMIN_PRIVILEGE_LABELS[k])
                .join(', ') || 'none'}
              .
            </Text>
          </Flex>
        )}
        <Flex justify="end" mt="4">
          <Button variant="soft" color="gray" disabled={reading} onClick={() => editor.send({ type: 'reach.close' })}>
            Close
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
