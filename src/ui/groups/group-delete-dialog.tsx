// Deleting a group asks first; its members stay users of the organization.
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes';
import { selectDeleting, selectError, selectRemoving, selectTarget } from '../../machines/group-editor/group-editor.selectors';
import { GroupsCtx } from './groups-context';

export function GroupDeleteDialog() {
  const editor = GroupsCtx.useActorRef();
  const open = GroupsCtx.useSelector(selectDeleting);
  const removing = GroupsCtx.useSelector(selectRemoving);
  const target = GroupsCtx.useSelector(selectTarget);
  const error = GroupsCtx.useSelector(selectError);
  if (!open || !target) return null;
  const n = target.members.length;
  return (
    <AlertDialog.Root open onOpenChange={(o) => !o && !removing && editor.send({ type: 'delete.cancel' })}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>Delete group?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          '{target.name}' will be deleted{n > 0 ? `, and its ${n.toLocaleString('en-US')} ${n === 1 ? 'member leaves' : 'members leave'} it` : ''}. The users stay as they are.
        </AlertDialog.Description>
        {error && <Callout.Root color="red" role="alert" mt="3"><Callout.Text>{error}</Callout.Text></Callout.Root>}
        <Flex gap="3" mt="4" justify="end">
          <Button variant="soft" color="gray" disabled={removing} onClick={() => editor.send({ type: 'delete.cancel' })}>Cancel</Button>
          <Button color="red" loading={removing} onClick={() => editor.send({ type: 'delete.confirm' })}>Delete</Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
