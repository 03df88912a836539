// Deleting a role asks first; when the server answers that staff hold it, it names them and asks
// again whether they lose it with the role.
import { AlertDialog, Button, Callout, Flex, Text } from '@radix-ui/themes';
import {
  selectAskingHolders, selectDeleting, selectError, selectHoldersToLose, selectRemoving, selectTarget,
} from '../../machines/role-editor/role-editor.selectors';
import { RolesCtx } from './roles-context';

export function RoleDeleteDialog() {
  const editor = RolesCtx.useActorRef();
  const open = RolesCtx.useSelector(selectDeleting);
  const removing = RolesCtx.useSelector(selectRemoving);
  const asking = RolesCtx.useSelector(selectAskingHolders);
  const holders = RolesCtx.useSelector(selectHoldersToLose);
  const target = RolesCtx.useSelector(selectTarget);
  const error = RolesCtx.useSelector(selectError);
  if (!open || !target) return null;
  return (
    <AlertDialog.Root open onOpenChange={(o) => !o && !removing && editor.send({ type: 'delete.cancel' })}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>{asking ? 'Staff hold this role' : 'Delete role?'}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {asking
            ? `'${target.name}' is held by ${holders.length === 1 ? '1 staff member' : `${holders.length} staff members`}. Deleting it takes it from them, and with it what it allows them.`
            : `'${target.name}' will be deleted.`}
        </AlertDialog.Description>
        {asking && (
          <Flex direction="column" mt="2" role="list" aria-label="Holders who lose the role">
            {holders.map((h) => <Text as="div" size="2" role="listitem" key={h.id}>{h.name || h.username} ({h.username})</Text>)}
          </Flex>
        )}
        {error && <Callout.Root color="red" role="alert" mt="3"><Callout.Text>{error}</Callout.Text></Callout.Root>}
        <Flex gap="3" mt="4" justify="end">
          <Button variant="soft" color="gray" disabled={removing} onClick={() => editor.send({ type: 'delete.cancel' })}>Cancel</Button>
          <Button color="red" loading={removing} onClick={() => editor.send({ type: 'delete.confirm' })}>{asking ? 'Delete and take it from them' : 'Delete'}</Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
