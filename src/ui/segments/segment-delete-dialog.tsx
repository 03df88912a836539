// Deleting a segment asks first; its members keep their tags.
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes';
import { selectDeleting, selectError, selectRemoving, selectTarget } from '../../machines/segment-editor/segment-editor.selectors';
import { SegmentsCtx } from './segments-context';

export function SegmentDeleteDialog() {
  const editor = SegmentsCtx.useActorRef();
  const open = SegmentsCtx.useSelector(selectDeleting);
  const removing = SegmentsCtx.useSelector(selectRemoving);
  const target = SegmentsCtx.useSelector(selectTarget);
  const error = SegmentsCtx.useSelector(selectError);
  if (!open || !target) return null;
  return (
    <AlertDialog.Root open onOpenChange={(o) => !o && !removing && editor.send({ type: 'delete.cancel' })}>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>Delete segment?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          '{target.name}' will be deleted. Its members stay as they are, tags included.
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
