// Deleting a template asks first, saying what happens to the accounts that follow it.
import { AlertDialog, Button, Callout, Flex } from '@radix-ui/themes';
import { selectDeleting, selectError, selectRemoving, selectTarget } from '../../machines/template-editor/template-editor.selectors';
import { TemplatesCtx } from './templates-context';

export function TemplateDeleteDialog() {
  const editor = TemplatesCtx.useActorRef();
  const open = TemplatesCtx.useSelector(selectDeleting);
  const removing = TemplatesCtx.useSelector(selectRemoving);
  const target = TemplatesCtx.useSelector(selectTarget);
  const error = TemplatesCtx.useSelector(selectError);
  if (!open || !target) return null;
  const n = target.accounts ?? 0;
  return (
    <AlertDialog.Root open onOpenChange={(o) => !o && !removing && editor.send({ type: 'delete.cancel' })}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>Delete template?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {`'${target.template_name}' will be deleted.`}
          {n > 0 ? ` ${n === 1 ? 'The account that follows it keeps its' : `The ${n} accounts that follow it keep their`} settings and will follow no template.` : ''}
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
